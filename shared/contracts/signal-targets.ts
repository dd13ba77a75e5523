import * as z from 'zod';

/**
 * Where a bridge's signals trade (ADR 0008): one of the caller's broker accounts, or one of the
 * caller's copy-trading groups (each trading child at its multiplier; the master is never traded by a
 * signal). A JSON bridge names one target when it connects to its order group; each custom bridge
 * trigger names its own.
 */
export const SIGNAL_TARGET_KINDS = ['account', 'group'] as const;
export const signalTargetKindSchema = z.enum(SIGNAL_TARGET_KINDS, { error: 'The target must be an account or a group.' });
export type SignalTargetKind = z.infer<typeof signalTargetKindSchema>;

const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** A broker account id (`broker_id`) or a group id (`group_id`), both ULIDs. */
export const signalTargetIdField = z.string().trim().toUpperCase().regex(ULID_PATTERN, 'Enter a valid broker account or group id.');

/** The request fields naming a target. */
export const signalTargetRequestFields = {
  target_kind: signalTargetKindSchema,
  target_id: signalTargetIdField,
};

/** A target as answered: with the account's or group's name, so screens need no second call. */
export const signalTargetSchema = z.object({
  target_kind: signalTargetKindSchema,
  target_id: z.string(),
  /** The account's display name or the group's name; '' when it was removed since. */
  target_name: z.string(),
});
export type SignalTarget = z.infer<typeof signalTargetSchema>;
