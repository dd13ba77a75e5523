import * as z from 'zod';
import { ftpConfigGroup } from './config-groups/ftp-config';
import { defineCall } from './define-call';

/**
 * The broker panel's file transfer (spec §7 `getftp` / `updateftp`; issue 18): FTP_CONFIG read and saved
 * as the other config groups are (one store, functions/panel-configs/), and the export it drives — a
 * "Send now", a connection test answering the server's own words, and the history of runs.
 */
const EXTENSION = "Issue 18: FTP_CONFIG's test connection, Send now and run history, for /configs (the spec names only getftp / updateftp).";

/** FTP_CONFIG as `getftp` answers it: as `getbrokerpanelconfigs` shows the group (password and key masked). */
export const ftpConfigViewSchema = z.object({
  config_type: z.literal('FTP_CONFIG'),
  title: z.string(),
  editable: z.boolean(),
  configured: z.boolean(),
  config: ftpConfigGroup.fields.nullable(),
  secrets_set: z.record(z.string(), z.boolean()),
  updated_at: z.string().nullable(),
  updated_by: z.number().int().nullable(),
});
export type FtpConfigView = z.infer<typeof ftpConfigViewSchema>;

/** A day of the export, Asia/Kolkata yyyy-MM-dd. */
export const exportDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the day as yyyy-mm-dd.');

export const FTP_EXPORT_STATUSES = ['running', 'succeeded', 'failed'] as const;
export const FTP_EXPORT_TRIGGERS = ['manual', 'schedule'] as const;

export const ftpExportFileSchema = z.object({ name: z.string(), rows: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() });

/** One run of the export: one day's three files, sent with up to a few attempts. */
export const ftpExportRunSchema = z.object({
  run_id: z.string(),
  /** The day exported (Asia/Kolkata yyyy-MM-dd). */
  day: z.string(),
  trigger: z.enum(FTP_EXPORT_TRIGGERS),
  status: z.enum(FTP_EXPORT_STATUSES),
  protocol: z.string(),
  host: z.string(),
  remote_folder: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  files: z.array(ftpExportFileSchema),
  /** The server's own words (or why the run could not start) when it failed. */
  error: z.string().nullable(),
  /** Who pressed "Send now" (null for the nightly schedule). */
  requested_by: z.number().int().nullable(),
});
export type FtpExportRun = z.infer<typeof ftpExportRunSchema>;

export const ftpContracts = {
  getFtp: defineCall({
    group: 'panelconfigs',
    method: 'GET',
    path: '/users/brokerpanelconfigs/getftp',
    role: 'brokerPanel',
    withMsg: true,
    summary: "The franchise's file transfer settings (FTP_CONFIG): protocol, server, user, folder and schedule; the password and private key masked.",
    response: ftpConfigViewSchema,
  }),
  updateFtp: defineCall({
    group: 'panelconfigs',
    method: 'POST',
    path: '/users/brokerpanelconfigs/updateftp',
    role: 'brokerPanel',
    withMsg: true,
    summary:
      'Saves the file transfer settings (as `updateconfigs` with FTP_CONFIG): SFTP or FTPS (plain FTP only with `allow_insecure`), host, port, user, password or private key (blank keeps the stored one), remote folder, nightly schedule on/off.',
    request: ftpConfigGroup.fields,
    response: ftpConfigViewSchema,
    activity: 'Updated file transfer settings',
  }),
  testFtpConnection: defineCall({
    group: 'panelconfigs',
    method: 'POST',
    path: '/users/brokerpanelconfigs/testftpconnection',
    role: 'brokerPanel',
    withMsg: true,
    specExtension: EXTENSION,
    summary:
      "Connects to the franchise's server with the saved settings (or the form's `config`, blank secrets taken from the saved ones) and opens the remote folder. Answers `connected` and, when it failed, the server's own error text.",
    request: z.strictObject({ config: ftpConfigGroup.fields.optional() }),
    response: z.object({
      connected: z.boolean(),
      error: z.string().nullable(),
      remote_folder: z.string(),
      /** SFTP: the fingerprint of the server's key (`SHA256:…`), to save in `host_fingerprint`. */
      host_fingerprint: z.string().nullable(),
    }),
    activity: 'Tested file transfer connection',
  }),
  sendFtpExportNow: defineCall({
    group: 'panelconfigs',
    method: 'POST',
    path: '/users/brokerpanelconfigs/sendftpexportnow',
    role: 'brokerPanel',
    withMsg: true,
    specExtension: EXTENSION,
    summary:
      "Sends one day's export now (default today, Asia/Kolkata): the day's orders, wallet ledger and payments as three CSV files, replacing files of the same day. Answers the run as recorded (a failed run is recorded and the admins told).",
    request: z.strictObject({ day: exportDaySchema.optional() }),
    response: ftpExportRunSchema,
    activity: 'Sent file export',
  }),
  getFtpExports: defineCall({
    group: 'panelconfigs',
    method: 'GET',
    path: '/users/brokerpanelconfigs/getftpexports',
    role: 'brokerPanel',
    withMsg: true,
    specExtension: EXTENSION,
    summary: "The franchise's export runs, newest first (at most `limit`, default 30).",
    request: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(30) }),
    response: z.object({ items: z.array(ftpExportRunSchema) }),
  }),
} as const;
