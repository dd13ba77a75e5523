import * as z from 'zod';
import { defineConfigGroup, secretField } from './config-group';

/** How the nightly export reaches the franchise's server: SFTP (SSH) or FTPS (FTP over TLS); plain FTP only when acknowledged as insecure. */
export const FTP_PROTOCOLS = ['SFTP', 'FTPS', 'FTP'] as const;
export const ftpProtocolSchema = z.enum(FTP_PROTOCOLS);
export type FtpProtocol = z.infer<typeof ftpProtocolSchema>;

/** The usual port of each protocol (the form suggests it). */
export const FTP_DEFAULT_PORTS: Readonly<Record<FtpProtocol, number>> = { SFTP: 22, FTPS: 21, FTP: 21 };

export const FTP_INSECURE_MESSAGE = 'Plain FTP sends the password and the files unencrypted: tick "I understand this is insecure" or choose SFTP or FTPS.';

/** A host name or an IPv4/IPv6 address, no scheme, path or port. */
const HOST_PATTERN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[?[0-9A-Fa-f:.]+\]?)$/;

/** An absolute or relative folder on the server: no `..` part, no control characters. */
const FOLDER_PATTERN = /^[^\0-\x1f]*$/;

/**
 * FTP_CONFIG: the franchise's own server for the nightly export of the day's orders, wallet ledger and
 * payments as CSV files (functions/file-exports/). The password and the private key are secrets (sealed,
 * masked, kept when left blank); a run needs one of them.
 */
export const ftpConfigGroup = defineConfigGroup({
  group: 'FTP_CONFIG',
  title: 'File transfer',
  editors: ['brokerPanel'],
  secretFields: ['password', 'private_key'],
  fields: z
    .strictObject({
      protocol: ftpProtocolSchema,
      /** Must be true to save plain FTP. */
      allow_insecure: z.boolean().default(false),
      host: z.string().trim().min(1, 'Enter the server name or address.').max(253, 'At most 253 characters.').regex(HOST_PATTERN, 'Enter a server name or address only (no ftp:// and no port).'),
      port: z.number({ error: 'Enter the port.' }).int('The port is a whole number.').min(1, 'The port is between 1 and 65535.').max(65_535, 'The port is between 1 and 65535.'),
      username: z.string().trim().min(1, 'Enter the user name.').max(128, 'At most 128 characters.'),
      /** Blank (or the mask) keeps the stored password. */
      password: secretField(256),
      /** SFTP only: an OpenSSH or PEM private key; blank (or the mask) keeps the stored one. */
      private_key: secretField(16_000),
      remote_folder: z
        .string()
        .trim()
        .max(500, 'At most 500 characters.')
        .regex(FOLDER_PATTERN, 'The folder has characters a server cannot take.')
        .refine((folder) => !folder.split('/').includes('..'), 'The folder may not go up with "..".')
        .default(''),
      /** SFTP: the server key's fingerprint (`SHA256:…`); set, a server showing another key is refused. Blank: any key. */
      host_fingerprint: z
        .string()
        .trim()
        .regex(/^(SHA256:[A-Za-z0-9+/]{43})?$/, 'Enter the fingerprint as SHA256: and 43 characters (as "Test connection" shows it), or leave it blank.')
        .default(''),
      /** The nightly export (about 01:00 India time, for the day before). */
      schedule_enabled: z.boolean().default(false),
    })
    .refine((fields) => fields.protocol !== 'FTP' || fields.allow_insecure, { message: FTP_INSECURE_MESSAGE, path: ['allow_insecure'] }),
});
export type FtpConfigFields = z.infer<typeof ftpConfigGroup.fields>;
