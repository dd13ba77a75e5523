import * as z from 'zod';
import { defineCall } from './define-call';
import { rupeeAmountField } from './payments';

/**
 * The broker panel's PhonePe settings (spec §7 `getphonepeconfigs` / `updatephonepeconfigs`; Standard
 * Checkout v2, one PhonePe merchant per franchise). The client secret and the webhook password are
 * stored encrypted and never answered: `client_secret` and `webhook_password` come back masked, and a
 * save that leaves either blank keeps the stored one.
 */
export const PHONEPE_ENVIRONMENTS = ['SANDBOX', 'PRODUCTION'] as const;
export const phonePeEnvironmentSchema = z.enum(PHONEPE_ENVIRONMENTS);
export type PhonePeEnvironment = z.infer<typeof phonePeEnvironmentSchema>;

/** How a stored secret is answered (the value itself never is). */
export const MASKED_SECRET = '••••••••';

/** PhonePe's webhook rules: username 5–20 letters, digits or `_`; password 8–20 with letters and digits. */
export const WEBHOOK_USERNAME_PATTERN = /^[A-Za-z0-9_]{5,20}$/;
export const WEBHOOK_PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)[^\s]{8,20}$/;

const keptWhenBlank = (max: number, rule?: { pattern: RegExp; message: string }) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((value) => value === '' || value === MASKED_SECRET || !rule || rule.pattern.test(value), rule?.message ?? '')
    .default('');

export const updatePhonePeConfigSchema = z
  .strictObject({
    client_id: z.string().trim().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'Enter the client id PhonePe gave you.'),
    /** Blank (or the mask) keeps the stored secret. */
    client_secret: keptWhenBlank(200),
    client_version: z.number().int('The client version is a whole number.').min(1, 'The client version is a whole number.').max(1000),
    webhook_username: z.string().trim().regex(WEBHOOK_USERNAME_PATTERN, 'The webhook username has 5–20 letters, digits or _.'),
    /** Blank (or the mask) keeps the stored password. */
    webhook_password: keptWhenBlank(20, { pattern: WEBHOOK_PASSWORD_PATTERN, message: 'The webhook password has 8–20 characters with letters and digits.' }),
    environment: phonePeEnvironmentSchema,
    enabled: z.boolean(),
    /** Rupees; omitted → the platform's defaults. */
    min_amount: rupeeAmountField.optional(),
    max_amount: rupeeAmountField.optional(),
  })
  .refine((body) => body.min_amount === undefined || body.max_amount === undefined || body.min_amount <= body.max_amount, {
    message: 'The minimum amount is above the maximum.',
    path: ['min_amount'],
  });
export type UpdatePhonePeConfig = z.infer<typeof updatePhonePeConfigSchema>;

export const phonePeConfigSchema = z.object({
  /** False until the first save. */
  configured: z.boolean(),
  client_id: z.string(),
  /** `MASKED_SECRET` when one is stored, else ''. */
  client_secret: z.string(),
  client_secret_set: z.boolean(),
  client_version: z.number().int(),
  webhook_username: z.string(),
  webhook_password: z.string(),
  webhook_password_set: z.boolean(),
  environment: phonePeEnvironmentSchema,
  enabled: z.boolean(),
  min_amount: z.number(),
  max_amount: z.number(),
  /** The URL to enter as the webhook in PhonePe's dashboard. */
  webhook_url: z.string(),
  updated_at: z.string().nullable(),
});
export type PhonePeConfigView = z.infer<typeof phonePeConfigSchema>;

export const phonePeConfigContracts = {
  getPhonePeConfigs: defineCall({
    group: 'panelconfigs',
    method: 'GET',
    path: '/users/brokerpanelconfigs/getphonepeconfigs',
    role: 'brokerPanel',
    withMsg: true,
    summary: "The franchise's PhonePe settings, secrets masked, and the webhook URL to enter in PhonePe's dashboard.",
    response: phonePeConfigSchema,
  }),
  updatePhonePeConfigs: defineCall({
    group: 'panelconfigs',
    method: 'POST',
    path: '/users/brokerpanelconfigs/updatephonepeconfigs',
    role: 'brokerPanel',
    withMsg: true,
    summary:
      "Saves the franchise's PhonePe settings: client id, secret and version, webhook username and password, sandbox or production, on/off and amount limits. A blank secret or password keeps the stored one; turning PhonePe on needs both. Answers the settings masked.",
    request: updatePhonePeConfigSchema,
    response: phonePeConfigSchema,
    activity: 'Updated PhonePe settings',
  }),
} as const;
