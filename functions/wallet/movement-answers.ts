import type { MovementResult, MovementToWrite } from '../data/wallet/movement-items';
import { readMovementRecord } from '../data/wallet/wallet-repository';
import type { WalletOwner } from '../data/wallet/wallet-keys';
import { BusinessRuleError, ConflictError } from '../platform/errors';

/** How a movement ended in its wallet's lane. */
export type LaneAnswer = { readonly kind: 'moved' | 'replayed'; readonly movement: MovementResult } | { readonly kind: 'alongside-refused'; readonly index: number };

export const NOT_ENOUGH_CREDIT_MESSAGE = 'Not enough credit.';
export const KEY_REUSED_MESSAGE = 'This idempotency key was already used for another request.';

/** The first result under the movement's key, 409 when the key was used for something else, null when unused. */
export async function replayOf(owner: WalletOwner, movement: MovementToWrite): Promise<LaneAnswer | null> {
  const record = await readMovementRecord(owner, movement.idempotencyKey);
  if (record?.kind === 'foreign' || (record && record.fingerprint !== movement.fingerprint)) throw new ConflictError(KEY_REUSED_MESSAGE);
  return record ? { kind: 'replayed', movement: record.result } : null;
}

/** A debit the balance does not cover: the first result if its key was used for it (a replay is never refused), else 422. */
export async function refuseOrReplay(owner: WalletOwner, movement: MovementToWrite): Promise<LaneAnswer> {
  const replay = await replayOf(owner, movement);
  if (replay) return replay;
  throw new BusinessRuleError(NOT_ENOUGH_CREDIT_MESSAGE);
}
