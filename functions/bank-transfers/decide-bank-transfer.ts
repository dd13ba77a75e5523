import type { BankTransferState, BankTransferView } from '../../shared/contracts/bank-transfers';
import { rupeesFromPaise } from '../../shared/domain/money';
import { approvalItem, findFranchiseBankTransfer, listFranchiseBankTransfers, rejectBankTransfer, type Page } from '../data/bank-transfers/bank-transfers-repository';
import type { StoredBankTransfer } from '../data/bank-transfers/stored-bank-transfer';
import type { Logger } from '../platform/logger';
import { ConflictError, NotFoundError } from '../platform/errors';
import { notifyUser } from '../notifications/notify-user';
import { announceEarning, referralItemsFor } from '../referral-rewards/referral-accrual';
import { resolveHistoryRange } from '../user/history-range';
import { moveWallet, type WalletMover } from '../wallet/move-wallet';
import { bankTransferView } from './bank-transfer-view';

export const TRANSFER_NOT_FOUND_MESSAGE = 'Bank transfer not found';
export const ALREADY_REJECTED_MESSAGE = 'This bank transfer was rejected; it cannot be approved.';
export const ALREADY_DECIDED_MESSAGE = 'This bank transfer has already been decided.';

/** Who decides: a broker-panel user of the franchise. */
export interface Decider {
  readonly frchId: number;
  readonly userId: number;
}

/** The one idempotency key of a claim's credit: every approval of the same claim names the same. */
export function creditKeyOf(transfer: Pick<StoredBankTransfer, 'transfer_id'>): string {
  return `bank-transfer#${transfer.transfer_id}`;
}

async function franchiseTransfer(frchId: number, transferId: string): Promise<StoredBankTransfer> {
  const transfer = await findFranchiseBankTransfer(frchId, transferId);
  if (!transfer) throw new NotFoundError(TRANSFER_NOT_FOUND_MESSAGE);
  return transfer;
}

/** Tells the user (a failed notification never undoes the decision). */
async function tell(transfer: StoredBankTransfer, notifyType: string, message: string, log: Logger): Promise<void> {
  try {
    await notifyUser(transfer.frch_id, transfer.user_id, { notifyType, message }, log);
  } catch (error) {
    log.warn('bank transfer notification not stored', { transferId: transfer.transfer_id, error });
  }
}

/**
 * Approves a pending claim: the user's wallet is credited and the claim becomes `approved` in ONE
 * transaction (the claim's change is the movement's `alongside` item), under the claim's own key, so
 * approving twice, or two broker-panel users at once, credits once. `alreadyApproved` for a repeat.
 */
export async function approveBankTransfer(
  decider: Decider,
  transferId: string,
  now: () => Date,
  log: Logger,
  move: WalletMover['move'] = moveWallet,
): Promise<{ transfer: BankTransferView; alreadyApproved: boolean }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const transfer = await franchiseTransfer(decider.frchId, transferId);
    if (transfer.state === 'approved') return { transfer: bankTransferView(transfer), alreadyApproved: true };
    if (transfer.state === 'rejected') throw new ConflictError(ALREADY_REJECTED_MESSAGE);
    const key = creditKeyOf(transfer);
    // The referrer's earning is written with the credit (one transaction), keyed by the claim.
    const referral = await referralItemsFor({ frchId: transfer.frch_id, userId: transfer.user_id, paymentId: transfer.transfer_id, amountPaise: transfer.amount_paise, source: 'bank_transfer' }, now());
    const answer = await move(
      {
        owner: { frchId: transfer.frch_id, userId: transfer.user_id },
        direction: 'credit',
        amountPaise: transfer.amount_paise,
        reason: 'bank_transfer',
        reference: { transfer_id: transfer.transfer_id, utr: transfer.utr },
        description: `Bank transfer ${transfer.utr} approved`,
        idempotencyKey: key,
      },
      [approvalItem(transfer, decider.userId, key, now()), ...referral.items],
    );
    if (answer.kind === 'alongside-refused') continue; // decided meanwhile: read again
    const after = await franchiseTransfer(decider.frchId, transferId);
    if (answer.kind === 'moved') {
      log.info('bank transfer credited', { transferId, amountPaise: transfer.amount_paise });
      await announceEarning(transfer.frch_id, referral.earning, log);
      await tell(after, 'Payment Confirmed', `₹${rupeesFromPaise(transfer.amount_paise).toFixed(2)} from your bank transfer ${transfer.utr} was added to your wallet.`, log);
    }
    return { transfer: bankTransferView(after), alreadyApproved: answer.kind === 'replayed' };
  }
  throw new ConflictError(ALREADY_DECIDED_MESSAGE);
}

/** Rejects a pending claim with the reason the user reads; nothing is credited. A decided claim is a 409. */
export async function rejectBankTransferClaim(decider: Decider, transferId: string, reason: string, now: Date, log: Logger): Promise<BankTransferView> {
  const transfer = await franchiseTransfer(decider.frchId, transferId);
  if (transfer.state !== 'pending' || !(await rejectBankTransfer(transfer, decider.userId, reason, now))) throw new ConflictError(ALREADY_DECIDED_MESSAGE);
  const after = await franchiseTransfer(decider.frchId, transferId);
  await tell(after, 'Payment Rejected', `Your bank transfer ${transfer.utr} was not approved: ${reason}`, log);
  return bankTransferView(after);
}

/** The franchise's claims for the broker panel, newest first, by state and dates (default the last 30 days). */
export async function listFranchiseClaims(
  frchId: number,
  filter: { state?: BankTransferState | undefined; from_date?: string | undefined; to_date?: string | undefined },
  page: Page,
  now: Date,
): Promise<{ items: BankTransferView[]; next_cursor: string | null }> {
  const range = resolveHistoryRange(filter, now);
  const { items, nextCursor } = await listFranchiseBankTransfers(frchId, { ...range, state: filter.state }, page);
  return { items: items.map(bankTransferView), next_cursor: nextCursor };
}
