import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { Mailer, MailMessage } from './mail-message';

/** The AWS adapter: SES v2 SendEmail, from a verified sender identity. */
export function createSesMailer(options: { readonly region: string; readonly from: string }): Mailer {
  const client = new SESv2Client({ region: options.region });
  return {
    kind: 'ses',
    async send(message: MailMessage) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: options.from,
          Destination: { ToAddresses: [message.to] },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
            },
          },
        }),
      );
    },
  };
}
