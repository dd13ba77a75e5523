import type { TransactItem } from '../data/table';
import type { MovementResult } from '../data/wallet/movement-items';
import type { WalletOwner } from '../data/wallet/wallet-keys';
import { realtimeAnnouncer, type MovementAnnouncer } from './movement-announcer';
import { parseMovementRequest, type WalletMovementRequest } from './movement-request';
import { WalletLane } from './wallet-lane';

export { KEY_REUSED_MESSAGE, NOT_ENOUGH_CREDIT_MESSAGE } from './movement-answers';
export { WALLET_BUSY_MESSAGE, WALLET_NOT_FOUND_MESSAGE } from './wallet-lane';

/** What a movement did: its ledger entry's id and number, direction, amount, the balance after, reason, time. */
export type WalletMovement = MovementResult;

/** A movement done (`moved`) or done before under the same key (`replayed`: the first result, nothing changed). */
export interface AppliedMovement {
  readonly kind: 'moved' | 'replayed';
  readonly movement: WalletMovement;
}

/** One of the caller's own items failed its condition: nothing at all was written. */
export interface RefusedAlongside {
  readonly kind: 'alongside-refused';
  /** Which of the caller's items (its index in `alongside`). */
  readonly index: number;
}

export interface WalletMover {
  /**
   * Moves money in or out of one wallet, in ONE DynamoDB transaction: the balance under a condition
   * (a debit never takes it below zero), a ledger entry with the balance after, reason, reference and
   * key, and the idempotency record. The same key again changes nothing and answers the first result
   * (`replayed`); the same key for another direction, amount, reason or reference is a 409. A debit above
   * the balance is a 422 'Not enough credit.' with nothing written; a bad request a 400; an unknown user a 404.
   * Movements of one wallet arriving together may share their transaction (each one's items stay together).
   */
  move(request: WalletMovementRequest): Promise<AppliedMovement>;
  /**
   * The same, with the caller's own items written in the same transaction (a plan purchase's
   * subscription): all or nothing. When one of them fails its condition nothing is written and the
   * answer says which (`alongside-refused`); the caller reads again and tries again. A replay writes none
   * of them. The items must not touch the wallet's own items (balance, ledger, key records).
   */
  move(request: WalletMovementRequest, alongside: readonly TransactItem[]): Promise<AppliedMovement | RefusedAlongside>;
}

/**
 * A mover with its own lanes (one per wallet). The process uses one (`moveWallet`); tests make more to play
 * several processes. Every committed transaction is announced to the wallet's owner (by default on the
 * realtime channel, so the credit badge updates at once); a movement answers after its announcement.
 */
export function createWalletMover(announcer: MovementAnnouncer = realtimeAnnouncer): WalletMover {
  const lanes = new Map<string, WalletLane>();
  const laneOf = (owner: WalletOwner) => {
    const id = `${owner.frchId}#${owner.userId}`;
    let lane = lanes.get(id);
    if (!lane) {
      const created = new WalletLane(owner, announcer, () => {
        if (lanes.get(id) === created) lanes.delete(id);
      });
      lanes.set(id, created);
      lane = created;
    }
    return lane;
  };
  function move(request: WalletMovementRequest): Promise<AppliedMovement>;
  function move(request: WalletMovementRequest, alongside: readonly TransactItem[]): Promise<AppliedMovement | RefusedAlongside>;
  async function move(request: WalletMovementRequest, alongside: readonly TransactItem[] = []): Promise<AppliedMovement | RefusedAlongside> {
    const { owner, movement } = parseMovementRequest(request);
    return laneOf(owner).submit(movement, alongside);
  }
  return { move };
}

const processMover = createWalletMover();

/** The one way money moves (see `WalletMover.move`). */
export const moveWallet: WalletMover['move'] = processMover.move;
