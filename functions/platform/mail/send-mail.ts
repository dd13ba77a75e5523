import { config, type PlatformConfig } from '../config';
import type { Logger } from '../logger';
import type { Mailer, MailMessage } from './mail-message';
import { maskAddress } from './mail-message';
import { createOutboxMailer } from './outbox-mailer';
import { createSesMailer } from './ses-mailer';

/** The adapter is chosen once per configuration: an outbox folder when one is set, else SES. */
let chosen: { readonly forConfig: PlatformConfig; readonly mailer: Mailer } | undefined;

function mailer(): Mailer {
  const current = config();
  if (chosen?.forConfig !== current) {
    const adapter = current.mailOutboxDir
      ? createOutboxMailer(current.mailOutboxDir)
      : createSesMailer({ region: current.sesRegion, from: current.mailFrom });
    chosen = { forConfig: current, mailer: adapter };
  }
  return chosen.mailer;
}

/**
 * Sends one mail and logs one line about it: the masked recipient and the subject, never the text. `via`:
 * another transport (a franchise's own SMTP server, functions/mail/franchise-mailer.ts); else the platform's.
 */
export async function sendMail(message: MailMessage, log: Logger, via: Mailer = mailer()): Promise<void> {
  await via.send(message);
  log.info('mail sent', { to: maskAddress(message.to), subject: message.subject, via: via.kind });
}
