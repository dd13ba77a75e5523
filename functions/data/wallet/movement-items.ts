import type { WalletDirection, WalletReason, WalletReference } from '../../../shared/contracts/wallet';
import { tableName, type TransactItem } from '../table';
import type { WalletState } from './wallet-state';
import { walletKeys } from './wallet-keys';

/** A movement ready to be written: validated, its fingerprint worked out by the wallet's use-case. */
export interface MovementToWrite {
  readonly direction: WalletDirection;
  readonly amountPaise: number;
  readonly reason: WalletReason;
  readonly reference: WalletReference;
  readonly description: string;
  readonly idempotencyKey: string;
  /** What the key stands for: the same key with another fingerprint is refused. */
  readonly fingerprint: string;
}

/** What a movement did, as its ledger entry and its idempotency record keep it. */
export interface MovementResult {
  readonly entryId: string;
  /** The movement's number in its wallet (1, 2, …): ledger order, with no gaps. */
  readonly seq: number;
  readonly direction: WalletDirection;
  readonly amountPaise: number;
  readonly balanceAfterPaise: number;
  readonly reason: WalletReason;
  readonly at: string;
}

/** What each item of a movements' transaction is (and whose), so a failed condition can be told apart. */
export type MovementItemRole = { readonly role: 'balance' } | { readonly role: 'ledger' | 'key'; readonly movement: number };

export const OPENING_BALANCE_DESCRIPTION = 'Balance brought forward';

function balanceCondition(state: WalletState): string {
  const seq = state.seq === 0 ? 'attribute_not_exists(wallet_seq)' : 'wallet_seq = :seq';
  const stored = state.stored;
  const balance =
    stored.kind === 'paise'
      ? 'credit_paise = :before'
      : stored.kind === 'pre-wallet'
        ? 'attribute_not_exists(credit_paise) AND current_credit = :rupees'
        : 'attribute_not_exists(credit_paise) AND attribute_not_exists(current_credit)';
  return `attribute_exists(PK) AND ${seq} AND ${balance}`;
}

function balanceUpdate(state: WalletState, after: number, seq: number, at: string): TransactItem {
  const values: Record<string, unknown> = { ':after': after, ':next': seq, ':at': at };
  if (state.seq !== 0) values[':seq'] = state.seq;
  if (state.stored.kind === 'paise') values[':before'] = state.stored.paise;
  if (state.stored.kind === 'pre-wallet') values[':rupees'] = state.stored.rupees;
  return {
    Update: {
      TableName: tableName(),
      Key: walletKeys.balance(state.owner),
      // The pre-wallet rupee balance goes as the paise balance arrives: never two balances on one item.
      UpdateExpression: 'SET credit_paise = :after, wallet_seq = :next, wallet_last_at = :at REMOVE current_credit',
      ConditionExpression: balanceCondition(state),
      ExpressionAttributeValues: values,
    },
  };
}

interface EntryFields {
  readonly id: string;
  readonly seq: number;
  readonly type: WalletDirection;
  readonly amountPaise: number;
  readonly balanceAfterPaise: number;
  readonly reason: WalletReason;
  readonly reference: WalletReference;
  readonly description: string;
  readonly idempotencyKey: string | null;
  readonly at: string;
}

function ledgerPut(state: WalletState, entry: EntryFields): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...walletKeys.ledgerEntry(state.owner, entry.at, entry.id),
        // The franchise's listing of every movement (broker panel): attributes of this same item, no extra item in the transaction.
        ...walletKeys.franchiseLedgerEntry(state.owner, entry.at, entry.id),
        frch_id: state.owner.frchId,
        user_id: state.owner.userId,
        entity: 'ledger',
        id: entry.id,
        seq: entry.seq,
        type: entry.type,
        amount_paise: entry.amountPaise,
        balance_after_paise: entry.balanceAfterPaise,
        reason: entry.reason,
        reference: entry.reference,
        description: entry.description,
        idempotency_key: entry.idempotencyKey,
        createdAt: entry.at,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Wallet idempotency records are kept for good: a key is applied once, ever (a late duplicate webhook too). */
function keyPut(state: WalletState, movement: MovementToWrite, result: MovementResult): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...walletKeys.idempotency(state.owner, movement.idempotencyKey),
        entity: 'idempotency',
        operation: 'wallet-movement',
        fingerprint: movement.fingerprint,
        outcome: {
          entry_id: result.entryId,
          seq: result.seq,
          type: result.direction,
          amount_paise: result.amountPaise,
          balance_after_paise: result.balanceAfterPaise,
          reason: result.reason,
          at: result.at,
        },
        createdAt: result.at,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * The items of movements on the wallet as read, applied in order: ONE balance update (conditioned on that
 * state: movement count and balance), and per movement its ledger entry with the balance after and its
 * idempotency record. A wallet's first movement with a balance it did not write itself (kept before the
 * wallet) first enters that balance as an opening entry, so the ledger always adds up to the balance.
 * Entries are stamped strictly after the wallet's last one, so time order is movement order.
 */
export function movementItems(
  state: WalletState,
  movements: readonly MovementToWrite[],
  nowMs: number,
  newId: (atMs: number) => string,
): { items: TransactItem[]; roles: MovementItemRole[]; results: MovementResult[]; next: WalletState } {
  let atMs = Math.max(nowMs, state.lastAt === null ? 0 : Date.parse(state.lastAt) + 1);
  const stamp = () => new Date(atMs++).toISOString();
  const entries: TransactItem[] = [];
  const roles: MovementItemRole[] = [{ role: 'balance' }];
  let seq = state.seq;
  let balance = state.balancePaise;
  if (state.seq === 0 && balance > 0) {
    const at = stamp();
    seq += 1;
    entries.push(ledgerPut(state, { id: newId(Date.parse(at)), seq, type: 'credit', amountPaise: balance, balanceAfterPaise: balance, reason: 'opening_balance', reference: {}, description: OPENING_BALANCE_DESCRIPTION, idempotencyKey: null, at }));
    roles.push({ role: 'ledger', movement: -1 });
  }
  const results = movements.map((movement, index) => {
    balance += movement.direction === 'debit' ? -movement.amountPaise : movement.amountPaise;
    if (balance < 0) throw new Error('A wallet movement may never take the balance below zero');
    const at = stamp();
    seq += 1;
    const result: MovementResult = { entryId: newId(Date.parse(at)), seq, direction: movement.direction, amountPaise: movement.amountPaise, balanceAfterPaise: balance, reason: movement.reason, at };
    entries.push(ledgerPut(state, { id: result.entryId, seq, type: movement.direction, amountPaise: movement.amountPaise, balanceAfterPaise: balance, reason: movement.reason, reference: movement.reference, description: movement.description, idempotencyKey: movement.idempotencyKey, at }));
    entries.push(keyPut(state, movement, result));
    roles.push({ role: 'ledger', movement: index }, { role: 'key', movement: index });
    return result;
  });
  const lastAt = results.at(-1)?.at ?? state.lastAt;
  const next: WalletState = { owner: state.owner, balancePaise: balance, seq, lastAt, stored: { kind: 'paise', paise: balance } };
  return { items: [balanceUpdate(state, balance, seq, lastAt ?? new Date(nowMs).toISOString()), ...entries], roles, results, next };
}

/** The item a transaction item writes or checks, as `PK|SK` (one transaction may touch an item once). */
export function itemIdOf(item: TransactItem): string {
  const key = item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key ?? {};
  return `${String(key.PK)}|${String(key.SK)}`;
}

/** The items a movement of this wallet under this key touches besides new ledger entries: the balance and the key record. */
export function walletItemIds(owner: WalletState['owner'], idempotencyKey: string): { balance: string; key: string } {
  const id = (key: { PK: string; SK: string }) => `${key.PK}|${key.SK}`;
  return { balance: id(walletKeys.balance(owner)), key: id(walletKeys.idempotency(owner, idempotencyKey)) };
}
