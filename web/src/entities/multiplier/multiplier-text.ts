import { multiplierField } from '@shared/contracts/groups';

/**
 * How a typed multiplier is read and shown, wherever an account copies a master at a multiple: a
 * group's child accounts and a strategy's subscribers follow the same contract field.
 */

/** A typed multiplier checked with the contract's own field: the number, or the field's message. */
export function readMultiplier(text: string): { value: number; problem: null } | { value: null; problem: string } {
  const parsed = multiplierField.safeParse(text.trim() === '' ? Number.NaN : Number(text.trim()));
  return parsed.success ? { value: parsed.data, problem: null } : { value: null, problem: parsed.error.issues[0]?.message ?? 'Enter a multiplier.' };
}

/** "0.5×", "2×": how a multiplier reads beside a quantity. */
export const multiplierLabel = (multiplier: number) => `${multiplier}×`;
