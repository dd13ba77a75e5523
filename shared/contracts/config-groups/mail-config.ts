import * as z from 'zod';
import { defineConfigGroup, secretField } from './config-group';

/**
 * MAIL_CONFIG: the franchise's own SMTP server. While `enabled`, every mail of the franchise (login and
 * reset codes, notices, later bulk mail) goes through it, from its sender; otherwise the platform's mail
 * service sends them. The password is sealed at rest, answered masked and never logged.
 *
 * Security: `TLS` (implicit TLS, usually port 465) or `STARTTLS` (the upgrade is required, usually port 587);
 * the server's certificate is always verified. `NONE` (plain SMTP, the password readable on the wire) is
 * accepted only for a server on this machine (localhost, 127.x.x.x, ::1) — a relay beside the platform or
 * the local SMTP sandbox — never over a network.
 */
export const MAIL_SECURITY = ['STARTTLS', 'TLS', 'NONE'] as const;
export const mailSecuritySchema = z.enum(MAIL_SECURITY);
export type MailSecurity = z.infer<typeof mailSecuritySchema>;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^(?=.*:.*:)[0-9a-f:.]{2,45}$/i;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** Addresses a mail server never has: unspecified, link-local (cloud metadata lives there), multicast, broadcast. */
function isUnroutable(host: string): boolean {
  if (IPV4.test(host)) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return a === 0 || (a === 169 && b === 254) || a >= 224;
  }
  if (IPV6.test(host)) {
    const mapped = /^::ffff:([\d.]+)$/i.exec(host)?.[1];
    return mapped ? isUnroutable(mapped) : host === '::' || /^fe[89ab]/i.test(host) || /^ff/i.test(host);
  }
  return false;
}

/** A host name or IP address of a server on this machine. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || /^127\./.test(name) || name === '::1';
}

const hostField = z
  .string()
  .trim()
  .min(1, 'Enter the mail server (a host name such as smtp.example.com, or an IP address).')
  .max(253, 'At most 253 characters.')
  .refine((host) => HOSTNAME.test(host) || IPV4.test(host) || IPV6.test(host), 'Enter a host name such as smtp.example.com, or an IP address.')
  .refine((host) => !isUnroutable(host), 'This address cannot be a mail server.');

/** One header line's worth of text: no line breaks or control characters (they would forge headers). */
const headerText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), `${label} cannot hold line breaks or control characters.`);

const email = (message: string) => z.email(message).max(254, 'At most 254 characters.');

export const mailConfigGroup = defineConfigGroup({
  group: 'MAIL_CONFIG',
  title: 'Mail server',
  editors: ['brokerPanel'],
  secretFields: ['password'],
  fields: z
    .strictObject({
      /** On: the franchise's mails go through this server; off: through the platform's mail service. */
      enabled: z.boolean(),
      host: hostField,
      port: z.number({ error: 'Enter the port (1–65535).' }).int('The port is a whole number.').min(1, 'The port is 1–65535.').max(65535, 'The port is 1–65535.'),
      security: mailSecuritySchema,
      /** Blank: the server takes mail without logging in. */
      user: headerText('The user name', 254).default(''),
      password: secretField(200),
      from_name: headerText('The sender name', 100).pipe(z.string().min(1, 'Enter the sender name mails show.')),
      from_address: email('Enter the sender email address.'),
      reply_to: z.union([z.literal(''), email('Enter a valid reply-to email address.')]).default(''),
    })
    .refine((fields) => fields.security !== 'NONE' || isLoopbackHost(fields.host), {
      message: 'Without TLS the password travels readable: choose STARTTLS or TLS (plain SMTP is allowed only for a server on this machine).',
      path: ['security'],
    }),
});

export type MailConfigFields = z.infer<typeof mailConfigGroup.fields>;
