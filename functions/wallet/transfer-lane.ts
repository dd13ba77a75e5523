import { ulid } from 'ulid';
import type { MovementResult, MovementToWrite } from '../data/wallet/movement-items';
import { MAX_TRANSFERS_PER_TRANSACTION, writeTransfers, type TransferWriteOutcome } from '../data/wallet/transfer-items';
import type { WalletOwner } from '../data/wallet/wallet-keys';
import { readWalletState, type WalletState } from '../data/wallet/wallet-state';
import { nowMs } from '../platform/clock';
import { BusinessRuleError, ConflictError, NotFoundError } from '../platform/errors';
import { KEY_REUSED_MESSAGE, replayOf } from './movement-answers';
import type { MovementAnnouncer } from './movement-announcer';
import { WALLET_BUSY_MESSAGE, WALLET_NOT_FOUND_MESSAGE } from './wallet-lane';

/** One wallet's movement of a transfer. */
export interface PlannedSide {
  readonly owner: WalletOwner;
  readonly movement: MovementToWrite;
}

/** A transfer done now (`moved`) or before under the same key (`replayed`: its first result, nothing changed). */
export interface AppliedTransfer {
  readonly kind: 'moved' | 'replayed';
  readonly payer: MovementResult;
  readonly payee: MovementResult;
}

interface PendingTransfer {
  readonly payer: PlannedSide;
  readonly payee: PlannedSide;
  /** Which of the pair's wallets pays (0 or 1). */
  readonly payerIndex: 0 | 1;
  readonly shortOfCredit: string;
  /** The lane's clock when the transfer arrived: a state known from a later tick may refuse it. */
  readonly arrival: number;
  /** Written alone (after a shared write failed on a key, to learn which transfer's it was). */
  solo: boolean;
  attempts: number;
  readonly resolve: (answer: AppliedTransfer) => void;
  readonly reject: (error: unknown) => void;
}

/** Tries of one transfer against wallets other processes keep moving, before it gives up (409: a retry with the same key is safe). */
const MAX_ATTEMPTS = 100;

function pauseAfterConflict(attempt: number): Promise<void> {
  const ms = Math.min(200, (attempt + 1) * (5 + Math.floor(Math.random() * 20)));
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The first result under the transfer's key on both wallets; null when unused; 409 when the key stood for something else. */
export async function replayOfTransfer(payer: PlannedSide, payee: PlannedSide): Promise<AppliedTransfer | null> {
  const [paid, received] = await Promise.all([replayOf(payer.owner, payer.movement), replayOf(payee.owner, payee.movement)]);
  if (!paid && !received) return null;
  if (paid?.kind !== 'replayed' || received?.kind !== 'replayed') throw new ConflictError(KEY_REUSED_MESSAGE);
  return { kind: 'replayed', payer: paid.movement, payee: received.movement };
}

/**
 * The transfers between one pair of wallets in this process, either way. They queue, and each round writes
 * those at the head that fit together (distinct keys, each payer's balance covering its debit in turn) in
 * ONE transaction — so a burst between a parent and its sub-user costs a few transactions, not one per
 * transfer racing the others. Correctness does not rest on the lane: every write is conditioned on both
 * wallets as read, which also covers other processes and each wallet's own single-movement lane.
 * A transfer is refused for want of credit only against a state known from after it arrived.
 */
export class TransferLane {
  private known: { readonly states: readonly [WalletState, WalletState]; readonly tick: number } | null = null;
  private tick = 0;
  private readonly queue: PendingTransfer[] = [];
  private draining = false;

  constructor(
    private readonly pair: readonly [WalletOwner, WalletOwner],
    private readonly announcer: MovementAnnouncer,
    private readonly onIdle: () => void,
  ) {}

  submit(payer: PlannedSide, payee: PlannedSide, shortOfCredit: string): Promise<AppliedTransfer> {
    const payerIndex = payer.owner.userId === this.pair[0].userId && payer.owner.frchId === this.pair[0].frchId ? 0 : 1;
    return new Promise<AppliedTransfer>((resolve, reject) => {
      this.enqueue({ payer, payee, payerIndex, shortOfCredit, arrival: this.tick, solo: false, attempts: 0, resolve, reject });
    });
  }

  private enqueue(pending: PendingTransfer, atHead = false): void {
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

  private async currentStates(): Promise<{ states: readonly [WalletState, WalletState]; tick: number } | null> {
    if (this.known) return this.known;
    this.tick += 1;
    const tick = this.tick;
    const [first, second] = await Promise.all(this.pair.map((owner) => readWalletState(owner)));
    this.known = first && second ? { states: [first, second], tick } : null;
    return this.known;
  }

  private async round(): Promise<void> {
    let current: { states: readonly [WalletState, WalletState]; tick: number } | null;
    try {
      current = await this.currentStates();
    } catch (error) {
      this.queue.shift()?.reject(error);
      return;
    }
    if (!current) {
      for (const pending of this.queue.splice(0)) pending.reject(new NotFoundError(WALLET_NOT_FOUND_MESSAGE));
      return;
    }
    const batch = this.takeBatch(current.states, current.tick);
    if (batch.length === 0) return;
    const sideOf = (pending: PendingTransfer, index: 0 | 1) => (pending.payerIndex === index ? pending.payer : pending.payee).movement;
    const announcements = this.pair.map((owner) => this.announcer.begin(owner));
    let outcome: TransferWriteOutcome;
    try {
      outcome = await writeTransfers(
        { state: current.states[0], movements: batch.map((pending) => sideOf(pending, 0)) },
        { state: current.states[1], movements: batch.map((pending) => sideOf(pending, 1)) },
        nowMs(),
        (atMs) => ulid(atMs),
      );
    } catch (error) {
      this.known = null;
      for (const pending of batch) pending.reject(error);
      return;
    }
    if (outcome.kind === 'written') {
      this.tick += 1;
      this.known = { states: outcome.next, tick: this.tick };
      const { results } = outcome;
      const last = results[results.length - 1] as readonly [MovementResult, MovementResult];
      const announced = Promise.all(announcements.map((announcement, index) => announcement.committed(last[index] as MovementResult).catch(() => undefined)));
      void announced.then(() =>
        batch.forEach((pending, index) => {
          const pair = results[index] as readonly [MovementResult, MovementResult];
          pending.resolve({ kind: 'moved', payer: pair[pending.payerIndex], payee: pair[1 - pending.payerIndex] as MovementResult });
        }),
      );
      return;
    }
    await this.afterFailure(batch, outcome);
  }

  /**
   * Takes from the queue the transfers of this round, in order, each fitting the balances left by those
   * before it. One the state does not cover is refused when the state is from after its arrival, or else
   * decided on a fresh read next round.
   */
  private takeBatch(states: readonly [WalletState, WalletState], stateTick: number): PendingTransfer[] {
    const batch: PendingTransfer[] = [];
    const keys = new Set<string>();
    const balances = [states[0].balancePaise, states[1].balancePaise];
    for (const pending of [...this.queue]) {
      if (batch.length >= MAX_TRANSFERS_PER_TRANSACTION) break;
      if (batch.length > 0 && (pending.solo || batch[0]?.solo)) break;
      const key = pending.payer.movement.idempotencyKey;
      if (keys.has(key)) continue;
      const amount = pending.payer.movement.amountPaise;
      if ((balances[pending.payerIndex] ?? 0) < amount) {
        if (batch.length > 0) continue;
        if (stateTick <= pending.arrival) {
          this.known = null;
          break;
        }
        this.remove(pending);
        void this.refuseOrReplay(pending).then(pending.resolve, pending.reject);
        continue;
      }
      this.remove(pending);
      batch.push(pending);
      keys.add(key);
      balances[pending.payerIndex] = (balances[pending.payerIndex] ?? 0) - amount;
      balances[1 - pending.payerIndex] = (balances[1 - pending.payerIndex] ?? 0) + amount;
    }
    return batch;
  }

  /** A transfer the payer's balance does not cover: the first result if its key was used for it (a replay is never refused), else 422. */
  private async refuseOrReplay(pending: PendingTransfer): Promise<AppliedTransfer> {
    const replay = await replayOfTransfer(pending.payer, pending.payee);
    if (replay) return replay;
    throw new BusinessRuleError(pending.shortOfCredit);
  }

  private remove(pending: PendingTransfer): void {
    this.queue.splice(this.queue.indexOf(pending), 1);
  }

  private async afterFailure(batch: readonly PendingTransfer[], failure: Extract<TransferWriteOutcome, { kind: 'failed' }>): Promise<void> {
    this.known = null;
    const [only] = batch;
    if (batch.length === 1 && only && failure.keyUsed.length > 0) {
      // The key is taken: a concurrent replay of this transfer (its first result) or a key reused (409).
      void replayOfTransfer(only.payer, only.payee).then((answer) => (answer ? only.resolve(answer) : this.retry([only])), only.reject);
      return;
    }
    // A shared write refused on a key: each transfer tries alone, to learn its own answer.
    if (batch.length > 1 && failure.keyUsed.length > 0) for (const pending of batch) pending.solo = true;
    if (failure.conflict) await pauseAfterConflict(Math.max(...batch.map((pending) => pending.attempts)));
    this.retry(batch);
  }

  private retry(batch: readonly PendingTransfer[]): void {
    for (const pending of [...batch].reverse()) {
      pending.attempts += 1;
      if (pending.attempts >= MAX_ATTEMPTS) pending.reject(new ConflictError(WALLET_BUSY_MESSAGE));
      else this.enqueue(pending, true);
    }
  }
}
