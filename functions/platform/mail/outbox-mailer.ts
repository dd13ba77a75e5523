import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { now } from '../clock';
import type { Mailer, MailMessage } from './mail-message';

/** A mail as the local outbox keeps it: one JSON file per mail. */
export const outboxMailSchema = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string().optional(), sentAt: z.string() });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** The local adapter: writes `<iso>-<random>.json` files into the folder (created on first use). */
export function createOutboxMailer(dir: string): Mailer {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const sentAt = now().toISOString();
      const mail: OutboxMail = { to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}), sentAt };
      await mkdir(dir, { recursive: true });
      const name = `${sentAt.replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      await writeFile(join(dir, name), `${JSON.stringify(mail, null, 2)}\n`, { mode: 0o600 });
    },
  };
}

/** The mails in the outbox, oldest first (for people reading their local mail, and for tests). */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const names = await readdir(dir).catch(() => []);
  const files = names.filter((name) => name.endsWith('.json')).sort();
  return Promise.all(files.map(async (name) => outboxMailSchema.parse(JSON.parse(await readFile(join(dir, name), 'utf8')))));
}
