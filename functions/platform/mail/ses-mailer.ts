import type { Mailer, MailMessage } from './mail-message';

/** The AWS adapter: SES v2 SendEmail, from a verified sender identity. The SDK loads on the first mail. */
export function createSesMailer(options: { readonly region: string; readonly from: string }): Mailer {
  let ses: Promise<{ sdk: typeof import('@aws-sdk/client-sesv2'); client: import('@aws-sdk/client-sesv2').SESv2Client }> | undefined;
  return {
    kind: 'ses',
    async send(message: MailMessage) {
      ses ??= import('@aws-sdk/client-sesv2').then((sdk) => ({ sdk, client: new sdk.SESv2Client({ region: options.region }) }));
      const { sdk, client } = await ses;
      await client.send(
        new sdk.SendEmailCommand({
          FromEmailAddress: options.from,
          Destination: { ToAddresses: [message.to] },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: message.text, Charset: 'UTF-8' }, ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}) },
            },
          },
        }),
      );
    },
  };
}
