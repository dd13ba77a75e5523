import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { now } from '../../functions/platform/clock';
import { startSmtpFake, type ReceivedMail } from '../../test/fakes/smtp-fake';
import { assertPortFree } from './engines/free-port';

/** The login the sandbox takes (any other answers "535 Authentication failed", as a real server would). */
export const SMTP_SANDBOX_LOGIN = { user: 'sandbox', password: 'sandbox' } as const;

export interface SmtpSandbox {
  /** `127.0.0.1:<port>`. */
  readonly address: string;
  readonly host: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** One received mail into the outbox folder, beside the platform's own mails: `<iso>-<random>.json` (+ `.eml`, the raw message). */
async function keep(outboxDir: string, mail: ReceivedMail): Promise<void> {
  const sentAt = now().toISOString();
  const name = `${sentAt.replace(/:/g, '-')}-${randomBytes(4).toString('hex')}`;
  const stored = {
    to: mail.envelope.to.join(', '),
    subject: mail.subject,
    text: mail.text,
    sentAt,
    from: mail.from,
    reply_to: mail.replyTo,
    via: 'smtp-sandbox',
  };
  await mkdir(outboxDir, { recursive: true });
  await writeFile(join(outboxDir, `${name}.eml`), mail.raw, { mode: 0o600 });
  await writeFile(join(outboxDir, `${name}.json`), `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
}

/**
 * One machine's mail server for trying a franchise's MAIL_CONFIG: a real SMTP server (smtp-server) on
 * loopback only, plain SMTP (security "None", allowed for a server on this machine), login
 * `sandbox` / `sandbox`. What it receives lands in `<dataDir>/outbox/` like the platform's own mails,
 * with the sender and reply-to it carried (`via: "smtp-sandbox"`) and the raw message beside it.
 */
export async function startSmtpSandbox(options: { readonly dataDir: string; readonly port: number }): Promise<SmtpSandbox> {
  const host = '127.0.0.1';
  if (options.port !== 0) await assertPortFree(host, options.port, 'SMTP_SANDBOX_PORT');
  const outboxDir = join(options.dataDir, 'outbox');
  const fake = await startSmtpFake({
    host,
    port: options.port,
    users: { [SMTP_SANDBOX_LOGIN.user]: SMTP_SANDBOX_LOGIN.password },
    onMail: (mail) => keep(outboxDir, mail),
  });
  return { address: `${host}:${fake.port}`, host, port: fake.port, stop: () => fake.stop() };
}
