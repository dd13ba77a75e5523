import { BANK_TRANSFER_STATE_LABELS, type BankTransferView } from '../../shared/contracts/bank-transfers';
import { rupeesFromPaise } from '../../shared/domain/money';
import type { StoredBankTransfer } from '../data/bank-transfers/stored-bank-transfer';

/** A stored claim as the API answers it. */
export function bankTransferView(transfer: StoredBankTransfer): BankTransferView {
  return {
    transfer_id: transfer.transfer_id,
    user_id: transfer.user_id,
    utr: transfer.utr,
    amount: rupeesFromPaise(transfer.amount_paise),
    amount_paise: transfer.amount_paise,
    note: transfer.note,
    state: transfer.state,
    state_text: BANK_TRANSFER_STATE_LABELS[transfer.state],
    reject_reason: transfer.reject_reason,
    created_at: transfer.createdAt,
    decided_at: transfer.decided_at,
    // The file's key stays inside: the image is read through the receipt calls.
    receipt: transfer.receipt ? { content_type: transfer.receipt.content_type, uploaded_at: transfer.receipt.uploaded_at } : null,
  };
}
