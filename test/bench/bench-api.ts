import { Agent, request } from 'node:http';
import * as z from 'zod';
import type { CallContract } from '../../shared/contracts/define-call';

/** One timed call: the HTTP status, the wall time until the last byte of the answer, and its envelope's `data`. */
export interface TimedAnswer<T> {
  readonly status: number;
  readonly ms: number;
  /** The contract's response, or null when the call did not answer 200 with a valid envelope. */
  readonly data: T | null;
  readonly text: string;
}

export interface BenchApi {
  call<Res extends z.ZodType>(contract: CallContract<z.ZodType, Res>, token: string, body: unknown): Promise<TimedAnswer<z.infer<Res>>>;
  /** As `call`, but anything other than a valid 200 throws (set-up steps, where a failure ends the bench). */
  data<Res extends z.ZodType>(contract: CallContract<z.ZodType, Res>, token: string, body: unknown): Promise<z.infer<Res>>;
  close(): void;
}

const envelopeSchema = z.object({ status: z.literal(true), data: z.unknown() });

/**
 * A keep-alive JSON client for the local gateway, typed by the shared contracts. Only the round trip
 * is timed; parsing the answer happens after the clock stops.
 */
export function createBenchApi(baseUrl: string): BenchApi {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const send = (path: string, token: string, body: unknown) =>
    new Promise<{ status: number; ms: number; text: string }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const started = performance.now();
      const outgoing = request(
        new URL(`/api/v4${path}`, baseUrl),
        { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, ms: performance.now() - started, text: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });

  const call: BenchApi['call'] = async (contract, token, body) => {
    const { status, ms, text } = await send(contract.path, token, body);
    const envelope = status === 200 ? envelopeSchema.safeParse(JSON.parse(text)) : null;
    const data = envelope?.success ? contract.response.safeParse(envelope.data.data) : null;
    return { status, ms, text, data: data?.success ? data.data : null };
  };

  return {
    call,
    async data(contract, token, body) {
      const answer = await call(contract, token, body);
      if (answer.data === null) throw new Error(`${contract.path} answered ${answer.status}: ${answer.text}`);
      return answer.data;
    },
    close: () => agent.destroy(),
  };
}
