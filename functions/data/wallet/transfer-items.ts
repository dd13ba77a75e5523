import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../platform/clients';
import { movementItems, type MovementResult, type MovementToWrite } from './movement-items';
import { ITEMS_PER_MOVEMENT, MAX_TRANSACTION_ITEMS, WALLET_ITEMS_PER_TRANSACTION } from './wallet-repository';
import type { WalletState } from './wallet-state';

/** The most transfers between one pair of wallets that fit one transaction (each writes two movements). */
export const MAX_TRANSFERS_PER_TRANSACTION = Math.floor((MAX_TRANSACTION_ITEMS - 2 * WALLET_ITEMS_PER_TRANSACTION) / (2 * ITEMS_PER_MOVEMENT));

/** One wallet of a pair and its movements, in transfer order (movement i belongs to transfer i on both wallets). */
export interface PairSide {
  readonly state: WalletState;
  readonly movements: readonly MovementToWrite[];
}

/**
 * What writing transfers came to. Nothing at all is written unless `written`. Otherwise what failed:
 * `keyUsed` — transfers whose key already has a record on either wallet; `stale` — a wallet changed since
 * it was read; `conflict` — a concurrent transaction on the same items.
 */
export type TransferWriteOutcome =
  | {
      readonly kind: 'written';
      /** Per transfer, its movement on the first wallet and on the second. */
      readonly results: readonly (readonly [MovementResult, MovementResult])[];
      readonly next: readonly [WalletState, WalletState];
    }
  | { readonly kind: 'failed'; readonly keyUsed: readonly number[]; readonly stale: boolean; readonly conflict: boolean };

/**
 * ONE DynamoDB transaction for transfers between two wallets: each wallet's items exactly as its own
 * movements write them (`movementItems`: the balance once, conditioned on the state read; per movement the
 * ledger entry with the balance after and the idempotency record) — all of it or nothing. The caller
 * orders the transfers so that neither balance goes below zero along the way (`movementItems` refuses to
 * plan it).
 */
export async function writeTransfers(first: PairSide, second: PairSide, nowMs: number, newId: (atMs: number) => string): Promise<TransferWriteOutcome> {
  if (first.movements.length !== second.movements.length || first.movements.length > MAX_TRANSFERS_PER_TRANSACTION) throw new Error('Transfers must pair up and fit one transaction');
  const planned = [first, second].map((side) => movementItems(side.state, side.movements, nowMs, newId)) as [ReturnType<typeof movementItems>, ReturnType<typeof movementItems>];
  const [a, b] = planned;
  try {
    await dynamo().send(new TransactWriteCommand({ TransactItems: [...a.items, ...b.items] }));
    return { kind: 'written', results: a.results.map((result, index) => [result, b.results[index] as MovementResult] as const), next: [a.next, b.next] };
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
    const keyUsed = new Set<number>();
    let stale = false;
    let offset = 0;
    for (const side of planned) {
      side.roles.forEach((role, index) => {
        if (codes[offset + index] !== 'ConditionalCheckFailed') return;
        if (role.role === 'key') keyUsed.add(role.movement);
        else stale = true;
      });
      offset += side.items.length;
    }
    const conflict = codes.includes('TransactionConflict');
    if (keyUsed.size === 0 && !stale && !conflict) throw error;
    return { kind: 'failed', keyUsed: [...keyUsed].sort((x, y) => x - y), stale, conflict };
  }
}
