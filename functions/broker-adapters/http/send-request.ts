import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { BrokerAgent } from './keep-alive-agents';
import { TransportFailure } from './transport-failure';

export interface RawHttpRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
  readonly timeoutMs: number;
  readonly agent: BrokerAgent;
}

export interface HttpAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

function errorCode(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return error instanceof Error ? error.name : 'UNKNOWN';
}

/**
 * One HTTP exchange over the given keep-alive agent, with an overall deadline. The request counts as
 * sent once Node reports 'finish' (every byte handed to a connected socket); a failure before that
 * cannot have reached the broker as a complete request.
 */
export function sendRequest(raw: RawHttpRequest): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const send = raw.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const body = raw.body === null ? null : Buffer.from(raw.body, 'utf8');
    let written = false;
    let timedOut = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      reject(new TransportFailure(written ? 'after-send' : 'before-send', timedOut ? 'ETIMEDOUT' : errorCode(error), timedOut, error));
    };
    const outgoing = send(
      raw.url,
      {
        method: raw.method,
        agent: raw.agent,
        headers: { ...raw.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', fail);
        incoming.on('close', () => {
          if (!incoming.complete) fail(new Error('ECONNRESET'));
        });
        incoming.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    const deadline = setTimeout(() => {
      timedOut = true;
      outgoing.destroy(new Error('ETIMEDOUT'));
    }, raw.timeoutMs);
    outgoing.on('finish', () => {
      written = true;
    });
    outgoing.on('error', fail);
    outgoing.end(body ?? undefined);
  });
}
