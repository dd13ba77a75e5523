import { ulid } from 'ulid';
import type { BankTransferView } from '../../shared/contracts/bank-transfers';
import type { TransferOwner } from '../data/bank-transfers/bank-transfer-keys';
import { getBankDetails } from '../data/bank-transfers/bank-details-repository';
import { createBankTransfer, listBankTransfers, type Page } from '../data/bank-transfers/bank-transfers-repository';
import { BusinessRuleError, ConflictError } from '../platform/errors';
import { bankTransferView } from './bank-transfer-view';

export const UTR_TAKEN_MESSAGE = 'This UTR has already been claimed. Check the reference number of your transfer.';
export const NO_BANK_DETAILS_MESSAGE = 'Bank transfers are not available yet: the receiving account has not been set up.';

export interface BankTransferClaim {
  readonly amount_paise: number;
  readonly utr: string;
  readonly note: string;
}

/**
 * A user's claim of a transfer into the franchise's account: pending until the broker panel decides.
 * Refused when the franchise has no receiving account (422) or the UTR is claimed already (409).
 */
export async function submitBankTransfer(owner: TransferOwner, claim: BankTransferClaim, now: Date): Promise<BankTransferView> {
  if (!(await getBankDetails(owner.frchId))) throw new BusinessRuleError(NO_BANK_DETAILS_MESSAGE);
  const created = await createBankTransfer({ owner, transferId: ulid(now.getTime()), utr: claim.utr, amountPaise: claim.amount_paise, note: claim.note }, now);
  if (created.kind === 'utr-taken') throw new ConflictError(UTR_TAKEN_MESSAGE);
  return bankTransferView(created.transfer);
}

/** The owner's claims, newest first. */
export async function listOwnBankTransfers(owner: TransferOwner, page: Page): Promise<{ items: BankTransferView[]; next_cursor: string | null }> {
  const { items, nextCursor } = await listBankTransfers(owner, page);
  return { items: items.map(bankTransferView), next_cursor: nextCursor };
}
