import * as z from 'zod';
import { defineCall } from './define-call';

/**
 * "Send test mail" of the broker panel's Mail server settings (issue 18): sends one mail through the
 * franchise's SAVED MAIL_CONFIG — switched on or not yet, so it can be tried before the franchise's mails
 * depend on it. A refusal answers status false with the mail server's own words (e.g. "535 Authentication
 * failed") in `msg`.
 */
export const sendTestMailSchema = z.strictObject({
  /** Whom to send it to; omitted → the caller's own email. */
  to: z.email('Enter a valid email address.').max(254, 'At most 254 characters.').optional(),
});
export type SendTestMail = z.infer<typeof sendTestMailSchema>;

export const sentTestMailSchema = z.object({
  /** Where the mail went. */
  to: z.string(),
  /** The server it went through, `host:port`. */
  server: z.string(),
  /** The server's answer to the message (e.g. "250 OK: queued as …"). */
  server_answer: z.string(),
});
export type SentTestMail = z.infer<typeof sentTestMailSchema>;

export const mailTestContracts = {
  sendTestMail: defineCall({
    group: 'panelconfigs',
    method: 'POST',
    path: '/users/brokerpanelconfigs/sendtestmail',
    role: 'brokerPanel',
    withMsg: true,
    summary:
      "Sends a test mail through the franchise's saved mail server settings (to `to`, else the caller's own email). The mail server's refusal answers status false with its own words in `msg`; no saved settings → 422.",
    request: sendTestMailSchema,
    response: sentTestMailSchema,
    activity: 'Sent a test mail',
    specExtension: "Issue 18: the Mail server section's \"Send test mail\" button; the spec lists no call for it.",
  }),
} as const;
