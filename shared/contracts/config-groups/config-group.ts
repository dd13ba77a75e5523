import * as z from 'zod';
import { MASKED_SECRET } from '../phonepe-config';

/**
 * The broker panel's config groups (spec §1): each is saved on its own, checked by its own schema. Who may
 * save a group: the franchise's broker panel always; a white-label user its brand (LOGO_CONFIG, ORG_CONFIG).
 */
export const CONFIG_GROUPS = ['PAYMENT_CONFIGS', 'MAIL_CONFIG', 'BROKER_CONFIG', 'LOGO_CONFIG', 'FTP_CONFIG', 'ORG_CONFIG'] as const;
export const configGroupSchema = z.enum(CONFIG_GROUPS);
export type ConfigGroup = z.infer<typeof configGroupSchema>;

/** Who edits a group besides the broker panel. */
export type ConfigEditor = 'brokerPanel' | 'whiteLabel';

/**
 * One config group: its fields as `updateconfigs` takes them (a strict object; a secret field is a string
 * where blank or the mask keeps the stored secret) and which of them are secrets (sealed at rest, answered
 * as the mask, never logged).
 */
export interface ConfigGroupDefinition<Group extends ConfigGroup, Fields extends z.ZodType> {
  readonly group: Group;
  /** The section's title on /configs. */
  readonly title: string;
  readonly fields: Fields;
  readonly secretFields: readonly string[];
  readonly editors: readonly ConfigEditor[];
}

export function defineConfigGroup<Group extends ConfigGroup, Fields extends z.ZodType>(definition: ConfigGroupDefinition<Group, Fields>): ConfigGroupDefinition<Group, Fields> {
  return definition;
}

/**
 * A secret as a form sends it: blank or the mask keeps the stored value; else at most `max` characters
 * (and the rule, when given).
 */
export const secretField = (max: number, rule?: { pattern: RegExp; message: string }) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((value) => value === '' || value === MASKED_SECRET || !rule || rule.pattern.test(value), rule?.message ?? '')
    .default('');

/** True when a secret field's value keeps the stored secret (blank or the mask). */
export const keepsStoredSecret = (value: unknown) => value === '' || value === MASKED_SECRET || value === undefined;

export { MASKED_SECRET };
