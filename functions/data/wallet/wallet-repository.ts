import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { walletReasonSchema } from '../../../shared/contracts/wallet';
import { walletTransactionTypeSchema } from '../../../shared/domain/states';
import { dynamo } from '../../platform/clients';
import { tableName, type TransactItem } from '../table';
import { movementItems, type MovementResult, type MovementToWrite } from './movement-items';
import type { WalletState } from './wallet-state';
import { walletKeys, type WalletOwner } from './wallet-keys';

/** DynamoDB holds at most 100 items in one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;
/** The items of a transaction besides the movements' own: the balance update and a possible opening entry. */
export const WALLET_ITEMS_PER_TRANSACTION = 2;
/** Each movement writes its ledger entry and its idempotency record. */
export const ITEMS_PER_MOVEMENT = 2;

/** A movement with the caller's own items that go in the same transaction. */
export interface MovementWithItems {
  readonly movement: MovementToWrite;
  readonly alongside: readonly TransactItem[];
}

/**
 * What writing came to. Nothing at all is written unless `written`. Otherwise what failed:
 * `keyUsed` — movements whose idempotency key has a record; `alongsideRefused` — a caller's item failed
 * its condition; `stale` — the wallet changed since it was read; `conflict` — a concurrent transaction
 * on the same items. (One failure may hide another: a refused transaction need not name every item.)
 */
export type WriteOutcome =
  | { readonly kind: 'written'; readonly results: readonly MovementResult[]; readonly next: WalletState }
  | {
      readonly kind: 'failed';
      readonly keyUsed: readonly number[];
      readonly alongsideRefused: readonly { readonly movement: number; readonly index: number }[];
      readonly stale: boolean;
      readonly conflict: boolean;
    };

/**
 * ONE DynamoDB transaction for movements of one wallet, in order: the balance once (conditioned on the
 * state read), each movement's ledger entry with the balance after and its idempotency record, and each
 * movement's own items — all or nothing.
 */
export async function writeMovements(state: WalletState, movements: readonly MovementWithItems[], nowMs: number, newId: (atMs: number) => string): Promise<WriteOutcome> {
  const planned = movementItems(state, movements.map((one) => one.movement), nowMs, newId);
  const alongside = movements.flatMap((one, movement) => one.alongside.map((item, index) => ({ item, movement, index })));
  if (planned.items.length + alongside.length > MAX_TRANSACTION_ITEMS) throw new Error('Too many items for one wallet transaction');
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: [...planned.items, ...alongside.map((one) => one.item)] }));
    return { kind: 'written', results: planned.results, next: planned.next };
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
    const failed = (index: number) => codes[index] === 'ConditionalCheckFailed';
    const keyUsed = planned.roles.flatMap((role, index) => (role.role === 'key' && failed(index) ? [role.movement] : []));
    const stale = planned.roles.some((role, index) => role.role !== 'key' && failed(index));
    const alongsideRefused = alongside.flatMap((one, index) => (failed(planned.items.length + index) ? [{ movement: one.movement, index: one.index }] : []));
    const conflict = codes.includes('TransactionConflict');
    if (!keyUsed.length && !stale && !alongsideRefused.length && !conflict) throw error;
    return { kind: 'failed', keyUsed, alongsideRefused, stale, conflict };
  }
}

const walletRecordSchema = z.object({
  operation: z.literal('wallet-movement'),
  fingerprint: z.string(),
  outcome: z.object({
    entry_id: z.string(),
    seq: z.number().int(),
    type: walletTransactionTypeSchema,
    amount_paise: z.number().int(),
    balance_after_paise: z.number().int(),
    reason: walletReasonSchema,
    at: z.string(),
  }),
});

/**
 * The record under an idempotency key: a wallet movement's (its fingerprint and result), `foreign`
 * for a record the wallet did not write (a purchase recorded before the wallet existed), or null.
 */
export type MovementRecord = { readonly kind: 'wallet'; readonly fingerprint: string; readonly result: MovementResult } | { readonly kind: 'foreign' };

export async function readMovementRecord(owner: WalletOwner, idempotencyKey: string): Promise<MovementRecord | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: walletKeys.idempotency(owner, idempotencyKey), ConsistentRead: true }));
  if (!Item) return null;
  const parsed = walletRecordSchema.safeParse(Item);
  if (!parsed.success) return { kind: 'foreign' };
  const { outcome } = parsed.data;
  return {
    kind: 'wallet',
    fingerprint: parsed.data.fingerprint,
    result: {
      entryId: outcome.entry_id,
      seq: outcome.seq,
      direction: outcome.type,
      amountPaise: outcome.amount_paise,
      balanceAfterPaise: outcome.balance_after_paise,
      reason: outcome.reason,
      at: outcome.at,
    },
  };
}
