/** A mail to one recipient: always a plain-text part, and an HTML alternative when `html` is given. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** A complete HTML document, already escaped (e.g. a bulk mail rendered from simple markdown). */
  readonly html?: string;
}

/** Where mails go: a folder on one machine, SES on AWS, or a franchise's own SMTP server. */
export interface Mailer {
  readonly kind: 'outbox' | 'ses' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

/** `trader@example.com` → `t***@example.com`, for log lines. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at <= 0 ? '***' : `${address.slice(0, 1)}***${address.slice(at)}`;
}
