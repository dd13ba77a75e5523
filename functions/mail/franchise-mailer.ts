import type { Logger } from '../platform/logger';
import type { MailMessage } from '../platform/mail/mail-message';
import { sendMail } from '../platform/mail/send-mail';
import { createSmtpMailer } from '../platform/mail/smtp-mailer';
import { franchiseMailFooter, franchiseMailServer } from './franchise-mail-settings';
import { withFooter, withHtmlFooter } from './mail-footer';

/**
 * Sends one mail of a franchise: through the franchise's own SMTP server while its MAIL_CONFIG is switched
 * on (from its sender, with its reply-to), else through the platform's mail service; either way the text
 * ends with the franchise's footer (ORG_CONFIG), and so does the HTML part when there is one. A refusal of the franchise's server is thrown (an
 * SmtpRefusedError with the server's words), never retried through another sender: the franchise chose
 * where its mails come from.
 */
export async function sendFranchiseMail(frchId: number, message: MailMessage, log: Logger): Promise<void> {
  const [server, footer] = await Promise.all([franchiseMailServer(frchId), franchiseMailFooter(frchId)]);
  const mail = { ...message, text: withFooter(message.text, footer), ...(message.html ? { html: withHtmlFooter(message.html, footer) } : {}) };
  if (server?.enabled) {
    await sendMail(mail, log, createSmtpMailer(server.smtp));
    return;
  }
  await sendMail(mail, log);
}
