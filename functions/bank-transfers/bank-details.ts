import type { BankDetailsView, UpdateBankDetails } from '../../shared/contracts/bank-transfers';
import { getBankDetails, putBankDetails, type StoredBankDetails } from '../data/bank-transfers/bank-details-repository';

const NOT_CONFIGURED: BankDetailsView = {
  configured: false,
  account_name: '',
  account_number: '',
  ifsc: '',
  bank_name: '',
  branch: '',
  upi_id: '',
  updated_at: null,
};

function viewOf(stored: StoredBankDetails): BankDetailsView {
  return {
    configured: true,
    account_name: stored.account_name,
    account_number: stored.account_number,
    ifsc: stored.ifsc,
    bank_name: stored.bank_name,
    branch: stored.branch,
    upi_id: stored.upi_id,
    updated_at: stored.updatedAt,
  };
}

/** The franchise's receiving account (what a user pays into), or the empty answer before one is saved. */
export async function readBankDetails(frchId: number): Promise<BankDetailsView> {
  const stored = await getBankDetails(frchId);
  return stored ? viewOf(stored) : NOT_CONFIGURED;
}

/** Saves the franchise's receiving account (the contract has checked every field). */
export async function saveBankDetails(frchId: number, userId: number, details: UpdateBankDetails, now: Date): Promise<BankDetailsView> {
  return viewOf(await putBankDetails(frchId, { ...details, updated_by: userId }, now));
}
