import type { LedgerEntry } from '../../shared/contracts/wallet';
import type { PageRequest, TimeRange } from '../data/activities-repository';
import { listLedgerPage, listWholeLedger, type StoredLedgerEntry } from '../data/wallet/ledger-repository';
import { readWalletState } from '../data/wallet/wallet-state';
import type { WalletOwner } from '../data/wallet/wallet-keys';
import { NotFoundError } from '../platform/errors';
import { WALLET_NOT_FOUND_MESSAGE } from './move-wallet';

export interface WalletBalance {
  readonly balancePaise: number;
  /** Movements so far: a screen that saw this number has seen every entry up to it. */
  readonly movements: number;
}

/** The wallet's balance now (a strongly consistent read). */
export async function getWalletBalance(owner: WalletOwner): Promise<WalletBalance> {
  const state = await readWalletState(owner);
  if (!state) throw new NotFoundError(WALLET_NOT_FOUND_MESSAGE);
  return { balancePaise: state.balancePaise, movements: state.seq };
}

function toLedgerEntry(entry: StoredLedgerEntry): LedgerEntry {
  const { seq: _seq, ...answer } = entry;
  return answer;
}

/** One page of the ledger between two instants (inclusive), newest first. */
export async function readLedgerPage(owner: WalletOwner, range: TimeRange, page: PageRequest): Promise<{ items: LedgerEntry[]; nextCursor: string | null }> {
  const answer = await listLedgerPage(owner, range, page);
  return { items: answer.items.map(toLedgerEntry), nextCursor: answer.nextCursor };
}

export interface WalletAudit {
  readonly balancePaise: number;
  /** Credits minus debits over the wallet's entries (entries from before the wallet kept paise are history, not counted). */
  readonly ledgerSumPaise: number;
  readonly movements: number;
  /**
   * Entries numbered 1…n without gaps and in time order, each balance after = the previous one ± its
   * amount and never below zero, the last = the balance.
   */
  readonly chainIntact: boolean;
}

/**
 * Checks a wallet against its ledger: the balance is the sum of the entries, and every entry follows from
 * the one before. A balance kept before the wallet that has not moved since has no entry yet (its first
 * movement writes the opening entry), so it does not add up until then.
 */
export async function auditWallet(owner: WalletOwner): Promise<WalletAudit> {
  const [state, entries] = await Promise.all([readWalletState(owner), listWholeLedger(owner)]);
  if (!state) throw new NotFoundError(WALLET_NOT_FOUND_MESSAGE);
  const inTimeOrder = entries.filter((entry) => entry.seq !== null);
  const own = [...inTimeOrder].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  let running = 0;
  // Time order is movement order (each entry is stamped after the one before).
  let chainIntact = inTimeOrder.every((entry, index) => entry === own[index]);
  own.forEach((entry, index) => {
    running += entry.type === 'credit' ? entry.amount_paise : -entry.amount_paise;
    if (entry.seq !== index + 1 || entry.balance_after_paise !== running || running < 0) chainIntact = false;
  });
  chainIntact &&= own.length === state.seq && running === state.balancePaise;
  return { balancePaise: state.balancePaise, ledgerSumPaise: running, movements: own.length, chainIntact };
}
