import type { SentTestMail } from '../../shared/contracts/mail-test';
import { reserveOrRefuse } from '../limits/limiter';
import type { RateRule } from '../limits/fixed-window';
import { now as clockNow } from '../platform/clock';
import { BusinessRuleError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { maskAddress } from '../platform/mail/mail-message';
import { createSmtpMailer, SmtpRefusedError } from '../platform/mail/smtp-mailer';
import { franchiseMailFooter, franchiseMailServer } from './franchise-mail-settings';
import { withFooter } from './mail-footer';

/** Test mails per franchise: enough to fix settings by trial, too few to use the button as a mass mailer. */
export const TEST_MAILS_PER_FRANCHISE: RateRule = { scope: 'test-mail', limit: 20, windowMinutes: 15 };

export const NO_MAIL_SERVER_MESSAGE = 'Save your mail server settings first, then send a test mail.';

/**
 * "Send test mail": one mail through the franchise's SAVED mail server, switched on or not yet (so it can
 * be tried before the franchise's mails depend on it). The server's refusal → 422 with its own words.
 */
export async function sendTestMail(frchId: number, to: string, log: Logger, now = clockNow()): Promise<SentTestMail> {
  const server = await franchiseMailServer(frchId);
  if (!server) throw new BusinessRuleError(NO_MAIL_SERVER_MESSAGE);
  await reserveOrRefuse(TEST_MAILS_PER_FRANCHISE, String(frchId), now, 'Too many test mails. Please try again in a few minutes.');
  const { smtp } = server;
  const address = `${smtp.host}:${smtp.port}`;
  const text = [
    `This test mail was sent from your broker panel's Mail server settings, through ${address} (${smtp.security === 'NONE' ? 'without TLS' : smtp.security}).`,
    server.enabled
      ? "Your users' mails (login and reset codes, notices) go through this server."
      : "These settings are switched off: your users' mails still go through the platform's mail service until you switch them on.",
  ].join('\n\n');
  const footer = await franchiseMailFooter(frchId);
  try {
    const answer = await createSmtpMailer(smtp).deliver({ to, subject: `Test mail from ${smtp.fromName}`, text: withFooter(text, footer) });
    log.info('test mail sent', { to: maskAddress(to), via: 'smtp', server: address });
    return { to, server: address, server_answer: answer };
  } catch (error) {
    if (!(error instanceof SmtpRefusedError)) throw error;
    log.warn('test mail refused', { server: address, answer: error.serverText });
    throw new BusinessRuleError(`The mail server refused the test mail: ${error.serverText}`);
  }
}
