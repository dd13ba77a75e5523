import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One verification request as the fake received it (form fields of siteverify). */
export interface CaptchaVerification {
  readonly secret: string | null;
  readonly response: string | null;
  readonly remoteip: string | null;
}

export interface CaptchaServer {
  readonly url: string;
  readonly received: CaptchaVerification[];
  stop(): Promise<void>;
}

/**
 * A stand-in for reCAPTCHA siteverify on 127.0.0.1 (port 0): reads the form body and answers
 * `{success: true}` only for the given secret and passing token, as Google answers.
 */
export function startCaptchaServer(options: { secret: string; passingToken: string }): Promise<CaptchaServer> {
  const received: CaptchaVerification[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const verification = { secret: form.get('secret'), response: form.get('response'), remoteip: form.get('remoteip') };
      received.push(verification);
      const success = verification.secret === options.secret && verification.response === options.passingToken;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
        received,
        stop: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
