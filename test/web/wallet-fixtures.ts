import { bankDetailsSchema, bankTransferSchema, type BankDetailsView, type BankTransferView } from '../../shared/contracts/bank-transfers';
import { paymentSchema, type PaymentView } from '../../shared/contracts/payments';
import { ledgerEntrySchema, type LedgerEntry } from '../../shared/contracts/wallet';

/** A ULID-shaped id (26 Crockford base-32 characters) ending in `tail`. */
export const ulid = (tail: string): string => `01JDZ${'0'.repeat(21 - tail.length)}${tail}`;

/** Fixtures parsed by the contracts' own schemas, so they cannot drift from the API. */
export function paymentFixture(overrides: Partial<PaymentView> = {}): PaymentView {
  return paymentSchema.parse({
    payment_id: ulid('PAY1'),
    merchant_order_id: 'TB3-7-ABC',
    payment_api: 'PHONEPE',
    amount: 500,
    amount_paise: 50_000,
    state: 'pending',
    state_text: 'Payment pending',
    failure_reason: null,
    created_at: '2026-11-21T08:00:00.000Z',
    updated_at: '2026-11-21T08:00:00.000Z',
    credited_at: null,
    refunded_paise: 0,
    ...overrides,
  });
}

export function bankDetailsFixture(overrides: Partial<BankDetailsView> = {}): BankDetailsView {
  return bankDetailsSchema.parse({
    configured: true,
    account_name: 'Bridge Traders LLP',
    account_number: '123456789012',
    ifsc: 'HDFC0001234',
    bank_name: 'HDFC Bank',
    branch: 'Pune Camp',
    upi_id: 'bridge@hdfc',
    updated_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
  });
}

export function bankTransferFixture(overrides: Partial<BankTransferView> = {}): BankTransferView {
  return bankTransferSchema.parse({
    transfer_id: ulid('TRF1'),
    user_id: 7,
    utr: 'HDFCN52026112100001',
    amount: 1250.5,
    amount_paise: 125_050,
    note: '',
    state: 'pending',
    state_text: 'Waiting for approval',
    reject_reason: null,
    created_at: '2026-11-21T06:00:00.000Z',
    decided_at: null,
    ...overrides,
  });
}

export function ledgerEntryFixture(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return ledgerEntrySchema.parse({
    id: 'led-1',
    type: 'credit',
    amount: 500,
    balance_after: 1250.5,
    amount_paise: 50_000,
    balance_after_paise: 125_050,
    reason: 'phonepe_payment',
    reference: { payment_id: ulid('PAY1') },
    description: 'PhonePe payment',
    create_time: '2026-11-21T08:30:00.000Z',
    ...overrides,
  });
}
