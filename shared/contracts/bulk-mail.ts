import * as z from 'zod';
import { defineCall } from './define-call';

/**
 * Bulk mail from a parent to its sub-users (issue 19, spec §7 `sendbulkmails`). The mail is queued as a
 * job with one recipient per sub-user and sent in batches by a worker; the parent watches the progress
 * (`getbulkmailjob`) and each recipient's outcome.
 */

/**
 * Recipients a parent may mail per Asia/Kolkata day. 2,000 covers a sub-broker mailing every client
 * once or twice a day, while keeping a compromised parent account from turning the franchise's SMTP
 * account (and its sender reputation) into a spam cannon. The broker panel mails the whole franchise,
 * so its cap is larger.
 */
export const BULK_MAIL_DAILY_CAP = 2_000;
export const BULK_MAIL_DAILY_CAP_BROKER_PANEL = 10_000;

/** The most sub-users one job may name; `all` is bounded by the daily cap instead. */
export const BULK_MAIL_MAX_SELECTED = 5_000;

export const BULK_MAIL_SUBJECT_MAX = 150;
export const BULK_MAIL_BODY_MAX = 20_000;

export const BULK_MAIL_FORMATS = ['text', 'markdown'] as const;
export type BulkMailFormat = (typeof BULK_MAIL_FORMATS)[number];

export const BULK_MAIL_JOB_STATUSES = ['queued', 'sending', 'done'] as const;
export type BulkMailJobStatus = (typeof BULK_MAIL_JOB_STATUSES)[number];

export const BULK_MAIL_RECIPIENT_STATUSES = ['pending', 'sent', 'failed'] as const;
export type BulkMailRecipientStatus = (typeof BULK_MAIL_RECIPIENT_STATUSES)[number];

const jobIdField = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Give the job id the mailing answered.');

export const bulkMailRecipientsSchema = z.union([
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({
    sub_user_ids: z
      .array(z.number().int().positive())
      .min(1, 'Choose at least one sub-user.')
      .max(BULK_MAIL_MAX_SELECTED, `Choose at most ${BULK_MAIL_MAX_SELECTED.toLocaleString('en-IN')} sub-users.`),
  }),
]);
export type BulkMailRecipients = z.infer<typeof bulkMailRecipientsSchema>;

export const sendBulkMailsRequestSchema = z.strictObject({
  subject: z.string().trim().min(1, 'Write a subject.').max(BULK_MAIL_SUBJECT_MAX, `The subject is at most ${BULK_MAIL_SUBJECT_MAX} characters.`),
  body: z.string().trim().min(1, 'Write the message.').max(BULK_MAIL_BODY_MAX, `The message is at most ${BULK_MAIL_BODY_MAX.toLocaleString('en-IN')} characters.`),
  format: z.enum(BULK_MAIL_FORMATS),
  recipients: bulkMailRecipientsSchema,
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'The idempotency key must be 8–64 letters, digits, _ or -.'),
});
export type SendBulkMailsRequest = z.infer<typeof sendBulkMailsRequestSchema>;

const progressFields = {
  job_id: z.string(),
  subject: z.string(),
  status: z.enum(BULK_MAIL_JOB_STATUSES),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  created_at: z.string(),
  /** When the first mail of the job went out (null while queued). */
  started_at: z.string().nullable(),
  /** When the last recipient got its outcome (null until done). */
  finished_at: z.string().nullable(),
};

export const bulkMailJobSummarySchema = z.object(progressFields);
export type BulkMailJobSummary = z.infer<typeof bulkMailJobSummarySchema>;

export const bulkMailRecipientOutcomeSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  status: z.enum(BULK_MAIL_RECIPIENT_STATUSES),
  /** Why the mail failed (the SMTP server's answer), null otherwise. */
  error: z.string().nullable(),
  updated_at: z.string(),
});
export type BulkMailRecipientOutcome = z.infer<typeof bulkMailRecipientOutcomeSchema>;

export const bulkMailContracts = {
  sendBulkMails: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/sendbulkmails',
    role: 'parent',
    summary: `Queues a mail (plain text or simple markdown) to every active sub-user of the caller or to the chosen ones, sent in batches through the franchise's mail settings with the franchise's footer; each recipient sees only its own address. A chosen id the caller does not manage answers 404 and nothing is queued. At most ${BULK_MAIL_DAILY_CAP.toLocaleString('en-IN')} recipients per Asia/Kolkata day (broker panel ${BULK_MAIL_DAILY_CAP_BROKER_PANEL.toLocaleString('en-IN')}): more answers 422 with how many are left. The same idempotency key again answers the first job.`,
    request: sendBulkMailsRequestSchema,
    response: z.object({ job_id: z.string(), recipients: z.number().int(), status: z.enum(BULK_MAIL_JOB_STATUSES) }),
    activity: 'Sent a bulk mail to sub-users',
  }),
  getBulkMailJob: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/getbulkmailjob',
    role: 'parent',
    summary: "The progress of one of the caller's mailings (sent, failed, pending) and a page of per-recipient outcomes with the error of each failed one; `only_failed` lists just the failures.",
    request: z.strictObject({
      job_id: jobIdField,
      only_failed: z.boolean().default(false),
      limit: z.number().int().min(1).max(200).default(50),
      cursor: z.string().max(2048).optional(),
    }),
    response: z.object({
      job: bulkMailJobSummarySchema,
      outcomes: z.array(bulkMailRecipientOutcomeSchema),
      next_cursor: z.string().nullable(),
    }),
    specExtension: 'The issue asks for progress the parent can watch and a per-recipient outcome; sendbulkmails only queues.',
  }),
  getBulkMailJobs: defineCall({
    group: 'subusers',
    method: 'POST',
    path: '/users/subusermanagement/getbulkmailjobs',
    role: 'parent',
    summary: "The caller's recent mailings, newest first, with their progress.",
    request: z.strictObject({ limit: z.number().int().min(1).max(50).default(10) }),
    response: z.object({ jobs: z.array(bulkMailJobSummarySchema) }),
    specExtension: 'The issue asks for progress the parent can watch; this lists the recent mailings to watch.',
  }),
};
