import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the fake received it, its headers and text decoded. */
export interface ReceivedMail {
  /** The envelope (MAIL FROM / RCPT TO). */
  readonly envelope: { readonly from: string; readonly to: readonly string[] };
  /** The user that logged in ('' without a login). */
  readonly user: string;
  /** Whether the connection was TLS when the mail came. */
  readonly secure: boolean;
  readonly headers: Readonly<Record<string, string>>;
  readonly from: string;
  readonly to: string;
  readonly replyTo: string;
  readonly subject: string;
  readonly text: string;
  readonly raw: string;
}

export interface SmtpFakeOptions {
  readonly host?: string;
  /** 0 (default): any free port. */
  readonly port?: number;
  /** Who may log in (user → password); empty: mail taken without a login. */
  readonly users: Readonly<Record<string, string>>;
  /** Offer STARTTLS (with smtp-server's own self-signed certificate); default false. */
  readonly offerStartTls?: boolean;
  /** Called with each mail taken (the local sandbox stores them). */
  readonly onMail?: (mail: ReceivedMail) => Promise<void> | void;
}

export interface SmtpFake {
  readonly host: string;
  readonly port: number;
  readonly mails: readonly ReceivedMail[];
  /** The first mail (already taken or still to come) the predicate accepts. */
  waitForMail(accept: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=` / `?B?`), adjacent ones joined. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) => {
    if (kind.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
    return decodeQuotedPrintable(data.replace(/_/g, ' '));
  });
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Headers (unfolded, names lower case) and the decoded body of one MIME entity; multipart → its first text/plain part. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1).map((part) => parseMail(part.replace(/^\r?\n/, '')));
    const plain = parts.find((part) => /^text\/plain/i.test(part.headers['content-type'] ?? 'text/plain'));
    return { headers, text: plain?.text ?? '' };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

/**
 * A real SMTP server (smtp-server) on loopback that keeps what it receives: the tests' mail server, and
 * the local runtime's SMTP sandbox. A wrong login answers "535 Authentication failed", as real servers do.
 */
export async function startSmtpFake(options: SmtpFakeOptions): Promise<SmtpFake> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<{ accept: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>();
  const needsLogin = Object.keys(options.users).length > 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: !needsLogin,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    disabledCommands: options.offerStartTls ? [] : ['STARTTLS'],
    size: 5 * 1024 * 1024,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username && options.users[auth.username] === auth.password) return callback(null, { user: auth.username });
      return callback(new Error('Authentication failed'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers, text } = parseMail(raw);
        const mail: ReceivedMail = {
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          },
          user: typeof session.user === 'string' ? session.user : '',
          secure: session.secure,
          headers,
          from: headers.from ?? '',
          to: headers.to ?? '',
          replyTo: headers['reply-to'] ?? '',
          subject: headers.subject ?? '',
          text,
          raw,
        };
        Promise.resolve(options.onMail?.(mail)).then(
          () => {
            mails.push(mail);
            for (const waiter of waiters) if (waiter.accept(mail)) waiter.resolve(mail);
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  server.on('error', () => undefined);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    host,
    port,
    mails,
    waitForMail(accept, timeoutMs = 5000) {
      const found = mails.find(accept);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          accept,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no such mail arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
