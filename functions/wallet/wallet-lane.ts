import { ulid } from 'ulid';
import type { TransactItem } from '../data/table';
import { itemIdOf, walletItemIds, type MovementResult, type MovementToWrite } from '../data/wallet/movement-items';
import { ITEMS_PER_MOVEMENT, MAX_TRANSACTION_ITEMS, WALLET_ITEMS_PER_TRANSACTION, writeMovements, type WriteOutcome } from '../data/wallet/wallet-repository';
import { readWalletState, type WalletState } from '../data/wallet/wallet-state';
import type { WalletOwner } from '../data/wallet/wallet-keys';
import { nowMs } from '../platform/clock';
import { ConflictError, NotFoundError } from '../platform/errors';
import type { MovementAnnouncer } from './movement-announcer';
import { refuseOrReplay, replayOf, type LaneAnswer } from './movement-answers';

export const WALLET_BUSY_MESSAGE = 'The wallet is busy. Please try again.';
export const WALLET_NOT_FOUND_MESSAGE = 'User not found';

/** Tries of one movement on a wallet other processes keep moving, before it gives up (409: a retry with the same key is safe). */
const MAX_ATTEMPTS = 100;

interface Pending {
  readonly movement: MovementToWrite;
  readonly alongside: readonly TransactItem[];
  readonly itemIds: readonly string[];
  /** The lane's clock when the movement arrived: a state known from a later tick may refuse it. */
  readonly arrival: number;
  /** Written alone (after a shared write failed for a reason that may be its own). */
  solo: boolean;
  attempts: number;
  readonly resolve: (answer: LaneAnswer) => void;
  readonly reject: (error: unknown) => void;
}

function pauseAfterConflict(attempt: number): Promise<void> {
  const ms = Math.min(200, (attempt + 1) * (5 + Math.floor(Math.random() * 20)));
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The movements of one wallet in this process. They queue, and each round writes those at the head that
 * fit together (distinct keys and items, the balance covering each debit in turn) in ONE transaction with
 * one balance update — so a burst on one wallet costs a few transactions, not one per movement racing the
 * others. Correctness does not rest on the lane: every write is conditioned on the state it was computed
 * from, which also covers other processes (Lambda instances) moving the same wallet.
 *
 * A debit the balance does not cover is refused only against a state known from after the debit arrived
 * (read, or written by the lane), so the refusal is true at a moment within the request.
 *
 * Each committed transaction is announced to the owner (the balance after its last movement); the
 * announcement starts beside the write and its movements are answered once it is done (a Lambda may
 * freeze after answering), while the lane goes on with its next round.
 */
export class WalletLane {
  private known: { readonly state: WalletState; readonly tick: number } | null = null;
  private tick = 0;
  private readonly queue: Pending[] = [];
  private draining = false;

  constructor(
    private readonly owner: WalletOwner,
    private readonly announcer: MovementAnnouncer,
    private readonly onIdle: () => void,
  ) {}

  submit(movement: MovementToWrite, alongside: readonly TransactItem[]): Promise<LaneAnswer> {
    const ids = walletItemIds(this.owner, movement.idempotencyKey);
    const itemIds = [ids.key, ...alongside.map(itemIdOf)];
    if (itemIds.includes(ids.balance) || new Set(itemIds).size !== itemIds.length) throw new Error("A movement's own items must not touch the wallet or each other twice");
    if (WALLET_ITEMS_PER_TRANSACTION + ITEMS_PER_MOVEMENT + alongside.length > MAX_TRANSACTION_ITEMS) throw new Error('Too many items go along with the movement');
    return new Promise<LaneAnswer>((resolve, reject) => {
      this.enqueue({ movement, alongside, itemIds, arrival: this.tick, solo: false, attempts: 0, resolve, reject });
    });
  }

  private enqueue(pending: Pending, atHead = false): void {
    if (atHead) this.queue.unshift(pending);
    else this.queue.push(pending);
    if (!this.draining) void this.drain();
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) await this.round();
    } finally {
      this.draining = false;
      if (this.queue.length > 0) void this.drain();
      else this.onIdle();
    }
  }

  private async currentState(): Promise<{ state: WalletState; tick: number } | null> {
    if (this.known) return this.known;
    this.tick += 1;
    const tick = this.tick;
    const state = await readWalletState(this.owner);
    this.known = state ? { state, tick } : null;
    return this.known;
  }

  private async round(): Promise<void> {
    let current: { state: WalletState; tick: number } | null;
    try {
      current = await this.currentState();
    } catch (error) {
      this.queue.shift()?.reject(error);
      return;
    }
    if (!current) {
      for (const pending of this.queue.splice(0)) pending.reject(new NotFoundError(WALLET_NOT_FOUND_MESSAGE));
      return;
    }
    const batch = this.takeBatch(current.state.balancePaise, current.tick);
    if (batch.length === 0) return;
    let outcome: WriteOutcome;
    const announcement = this.announcer.begin(this.owner);
    try {
      outcome = await writeMovements(current.state, batch, nowMs(), (atMs) => ulid(atMs));
    } catch (error) {
      this.known = null;
      for (const pending of batch) pending.reject(error);
      return;
    }
    if (outcome.kind === 'written') {
      this.tick += 1;
      this.known = { state: outcome.next, tick: this.tick };
      const { results } = outcome;
      const announced = announcement.committed(results[results.length - 1] as MovementResult).catch(() => undefined);
      void announced.then(() => batch.forEach((pending, index) => pending.resolve({ kind: 'moved', movement: results[index] as MovementResult })));
      return;
    }
    await this.afterFailure(batch, outcome);
  }

  /**
   * Takes from the queue the movements of this round, in order, each fitting the balance left by those
   * before it. A debit the state does not cover is refused when the state is from after its arrival, or
   * else decided on a fresh read next round.
   */
  private takeBatch(balancePaise: number, stateTick: number): Pending[] {
    const batch: Pending[] = [];
    const taken = new Set<string>();
    let balance = balancePaise;
    let room = MAX_TRANSACTION_ITEMS - WALLET_ITEMS_PER_TRANSACTION;
    for (const pending of [...this.queue]) {
      if (batch.length > 0 && (pending.solo || batch[0]?.solo)) break;
      const size = ITEMS_PER_MOVEMENT + pending.alongside.length;
      if (size > room || pending.itemIds.some((id) => taken.has(id))) continue;
      const { direction, amountPaise } = pending.movement;
      if (direction === 'debit' && balance < amountPaise) {
        if (batch.length > 0) continue;
        if (stateTick <= pending.arrival) {
          this.known = null;
          break;
        }
        this.remove(pending);
        void refuseOrReplay(this.owner, pending.movement).then(pending.resolve, pending.reject);
        continue;
      }
      this.remove(pending);
      batch.push(pending);
      for (const id of pending.itemIds) taken.add(id);
      room -= size;
      balance += direction === 'debit' ? -amountPaise : amountPaise;
    }
    return batch;
  }

  private remove(pending: Pending): void {
    this.queue.splice(this.queue.indexOf(pending), 1);
  }

  private async afterFailure(batch: readonly Pending[], failure: Extract<WriteOutcome, { kind: 'failed' }>): Promise<void> {
    if (failure.stale || failure.conflict) this.known = null;
    const [only] = batch;
    if (batch.length === 1 && only && failure.keyUsed.length > 0) {
      // The key was used: the first result (or 409). Should its record not be readable yet, try again.
      void replayOf(this.owner, only.movement).then((answer) => (answer ? only.resolve(answer) : this.retry([only])), only.reject);
      return;
    }
    const refused = failure.alongsideRefused[0];
    if (batch.length === 1 && only && refused) {
      only.resolve({ kind: 'alongside-refused', index: refused.index });
      return;
    }
    // A shared write refused for a key or a caller's item: each movement tries alone, to learn its own answer.
    const solo = batch.length > 1 && (failure.keyUsed.length > 0 || failure.alongsideRefused.length > 0);
    for (const pending of batch) pending.solo ||= solo;
    if (failure.conflict) await pauseAfterConflict(Math.max(...batch.map((pending) => pending.attempts)));
    this.retry(batch);
  }

  private retry(batch: readonly Pending[]): void {
    for (const pending of [...batch].reverse()) {
      pending.attempts += 1;
      if (pending.attempts >= MAX_ATTEMPTS) pending.reject(new ConflictError(WALLET_BUSY_MESSAGE));
      else this.enqueue(pending, true);
    }
  }
}
