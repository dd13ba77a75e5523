import * as z from 'zod';

/**
 * The optional field in which a JSON sender names its signal, so that a resend of the same signal is
 * recognised as one (signal-identity.ts). Providers that have no such id are deduplicated by body.
 */
export const PROVIDER_SIGNAL_ID_FIELD = 'signal_id';
export const PROVIDER_SIGNAL_ID_MAX_LENGTH = 100;

export const providerSignalIdSchema = z
  .string({ error: `expected text of 1 to ${PROVIDER_SIGNAL_ID_MAX_LENGTH} characters` })
  .trim()
  .min(1, `expected text of 1 to ${PROVIDER_SIGNAL_ID_MAX_LENGTH} characters`)
  .max(PROVIDER_SIGNAL_ID_MAX_LENGTH, `expected text of 1 to ${PROVIDER_SIGNAL_ID_MAX_LENGTH} characters`)
  .optional();
