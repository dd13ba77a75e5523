import { createTransport } from 'nodemailer';
import type { Mailer, MailMessage } from './mail-message';

/** How the connection is protected: implicit TLS, a required STARTTLS upgrade, or none (a server on this machine only). */
export type SmtpSecurity = 'TLS' | 'STARTTLS' | 'NONE';

export interface SmtpSettings {
  readonly host: string;
  readonly port: number;
  readonly security: SmtpSecurity;
  /** Blank: the server takes mail without logging in. */
  readonly user: string;
  readonly password: string;
  readonly fromName: string;
  readonly fromAddress: string;
  /** Blank: none. */
  readonly replyTo: string;
}

/** The server would not take the mail: `serverText` is its own answer (e.g. "535 Authentication failed") or the connection's failure. */
export class SmtpRefusedError extends Error {
  constructor(readonly serverText: string) {
    super(`the mail server refused: ${serverText}`);
    this.name = 'SmtpRefusedError';
  }
}

export interface SmtpMailer extends Mailer {
  /** Sends and answers the server's reply to the message (e.g. "250 OK queued"). */
  deliver(message: MailMessage): Promise<string>;
}

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/** The server's words when it answered, else what failed on the way (refused connection, certificate, timeout). */
function serverText(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { response, message } = error as { response?: unknown; message?: unknown };
    if (typeof response === 'string' && response.trim()) return response.trim().slice(0, 500);
    if (typeof message === 'string' && message.trim()) return message.trim().slice(0, 500);
  }
  return 'the mail server did not answer';
}

/**
 * A franchise's own SMTP server (nodemailer), one connection per mail. The certificate is always verified;
 * STARTTLS is required when chosen (a server that does not offer it is refused, never used in plain).
 * The transport logs nothing, so the password and the mail's text stay out of every log line.
 */
export function createSmtpMailer(settings: SmtpSettings): SmtpMailer {
  const transport = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'TLS',
    requireTLS: settings.security === 'STARTTLS',
    ignoreTLS: settings.security === 'NONE',
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password } } : {}),
    tls: { rejectUnauthorized: true, servername: settings.host },
    ...TIMEOUTS,
    logger: false,
    debug: false,
  });
  const deliver = async (message: MailMessage): Promise<string> => {
    try {
      const info = await transport.sendMail({
        from: { name: settings.fromName, address: settings.fromAddress },
        to: message.to,
        ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
      return String(info.response ?? '').slice(0, 500);
    } catch (error) {
      throw new SmtpRefusedError(serverText(error));
    } finally {
      transport.close();
    }
  };
  return {
    kind: 'smtp',
    deliver,
    async send(message: MailMessage) {
      await deliver(message);
    },
  };
}
