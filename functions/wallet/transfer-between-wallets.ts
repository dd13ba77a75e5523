import type { WalletReason, WalletReference } from '../../shared/contracts/wallet';
import type { WalletOwner } from '../data/wallet/wallet-keys';
import { realtimeAnnouncer, type MovementAnnouncer } from './movement-announcer';
import { parseMovementRequest } from './movement-request';
import { TransferLane, type AppliedTransfer, type PlannedSide } from './transfer-lane';

export type { AppliedTransfer } from './transfer-lane';

/** One wallet of a transfer: whose, and what its ledger entry says and refers to. */
export interface TransferParty {
  readonly owner: WalletOwner;
  readonly description: string;
  readonly reference?: WalletReference;
}

export interface WalletTransferRequest {
  /** Whose wallet is debited; `shortOfCredit` is the 422's message when its balance does not cover the amount. */
  readonly payer: TransferParty & { readonly shortOfCredit: string };
  readonly payee: TransferParty;
  readonly amountPaise: number;
  readonly reason: WalletReason;
  /** `<operation>#<key>`, kept on BOTH wallets: the same key again answers the first result. */
  readonly idempotencyKey: string;
}

const walletId = (owner: WalletOwner) => `${owner.frchId}#${owner.userId}`;

/**
 * A transferer with its own lanes (one per pair of wallets). The process uses one
 * (`transferBetweenWallets`); tests make more to play several processes.
 */
export function createWalletTransferer(announcer: MovementAnnouncer = realtimeAnnouncer) {
  const lanes = new Map<string, TransferLane>();
  const laneOf = (a: WalletOwner, b: WalletOwner) => {
    const pair = (walletId(a) < walletId(b) ? [a, b] : [b, a]) as [WalletOwner, WalletOwner];
    const id = `${walletId(pair[0])}|${walletId(pair[1])}`;
    let lane = lanes.get(id);
    if (!lane) {
      const created = new TransferLane(pair, announcer, () => {
        if (lanes.get(id) === created) lanes.delete(id);
      });
      lanes.set(id, created);
      lane = created;
    }
    return lane;
  };

  /**
   * Debits the payer and credits the payee by the same amount in ONE DynamoDB transaction (both balances,
   * both ledger entries, the key record on both wallets), conditioned on both wallets as read: the payer
   * never below zero (422 with `payer.shortOfCredit`, nothing written). The same key again changes nothing
   * and answers the first result (`replayed`); the same key for another amount or direction is a 409. Any
   * other movement on either wallet meanwhile: both are read again and the transfer tried again (after a
   * short jittered pause on a conflict; bounded, then 409 'The wallet is busy. Please try again.'). Both
   * committed movements are announced to their owners before the answer.
   */
  async function transfer(request: WalletTransferRequest): Promise<AppliedTransfer> {
    const sideOf = (party: TransferParty, direction: 'debit' | 'credit'): PlannedSide =>
      parseMovementRequest({
        owner: party.owner,
        direction,
        amountPaise: request.amountPaise,
        reason: request.reason,
        reference: party.reference ?? {},
        description: party.description,
        idempotencyKey: request.idempotencyKey,
      });
    const payer = sideOf(request.payer, 'debit');
    const payee = sideOf(request.payee, 'credit');
    if (walletId(payer.owner) === walletId(payee.owner)) throw new Error('A transfer needs two different wallets');
    return laneOf(payer.owner, payee.owner).submit(payer, payee, request.payer.shortOfCredit);
  }

  return { transfer };
}

const processTransferer = createWalletTransferer();

/** The one way money moves between two wallets (see `createWalletTransferer`). */
export const transferBetweenWallets = processTransferer.transfer;
