import { BANK_TRANSFER_STATE_LABELS, type BankTransferState } from '../../shared/contracts/bank-transfers';
import type { FranchisePayment, FranchisePaymentStatus } from '../../shared/contracts/franchise-money';
import { PAYMENT_STATE_LABELS } from '../../shared/contracts/payments';
import { rupeesFromPaise } from '../../shared/domain/money';
import type { StoredBankTransfer } from '../data/bank-transfers/stored-bank-transfer';
import type { StoredPayment } from '../data/payments/stored-payment';
import { paymentStateOf } from '../payments/payment-view';
import type { MoneyUser } from './money-users';

/** A bank claim's state in the common vocabulary (shared/contracts/franchise-money.ts). */
const BANK_STATUS: Readonly<Record<BankTransferState, FranchisePaymentStatus>> = { pending: 'pending', approved: 'completed', rejected: 'rejected' };

/** A PhonePe payment as a row: its state as the trader's own screen words it. */
export function phonePeRow(payment: StoredPayment, user: MoneyUser): FranchisePayment {
  const state = paymentStateOf(payment);
  return {
    id: payment.payment_id,
    method: 'PHONEPE',
    user,
    amount: rupeesFromPaise(payment.amount_paise),
    amount_paise: payment.amount_paise,
    status: state,
    status_text: PAYMENT_STATE_LABELS[state],
    reference: payment.merchant_order_id,
    reason: payment.failure_reason,
    created_at: payment.createdAt,
    settled_at: payment.credited_at,
    refunded_paise: payment.refunded_paise ?? 0,
  };
}

/** A bank transfer claim as a row (approved is `completed`: the wallet was credited). */
export function bankRow(transfer: StoredBankTransfer, user: MoneyUser): FranchisePayment {
  return {
    id: transfer.transfer_id,
    method: 'BANK',
    user,
    amount: rupeesFromPaise(transfer.amount_paise),
    amount_paise: transfer.amount_paise,
    status: BANK_STATUS[transfer.state],
    status_text: BANK_TRANSFER_STATE_LABELS[transfer.state],
    reference: transfer.utr,
    reason: transfer.reject_reason,
    created_at: transfer.createdAt,
    settled_at: transfer.decided_at,
    refunded_paise: 0,
  };
}
