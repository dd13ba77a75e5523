import { ABOVE_EARNINGS_MESSAGE, referralCashoutRequestSchema, type CashoutChoice, type ReferralCashoutRequest } from '@shared/contracts/referrals';
import { MAX_WALLET_MOVEMENT_PAISE } from '@shared/domain/money';
import { checkAmount } from '@/lib/format/rupee-amount';

export interface CashoutFormValues {
  choice: CashoutChoice;
  amount: string;
  holder_name: string;
  account_number: string;
  ifsc: string;
}

export const EMPTY_CASHOUT_FORM: CashoutFormValues = { choice: 'credit', amount: '', holder_name: '', account_number: '', ifsc: '' };

/** The smallest cash-out the contract takes: ₹1. */
const MIN_CASHOUT_PAISE = 100;

export type CashoutFormCheck = { readonly request: ReferralCashoutRequest; readonly errors: null } | { readonly request: null; readonly errors: Record<string, string> };

/**
 * The typed form as a cash-out request (the contract's own checks: IFSC, 9–18 digit account number), or
 * the message per field. The amount is rupees with two decimals, at most the earnings balance.
 */
export function checkCashoutForm(values: CashoutFormValues, balancePaise: number, idempotencyKey: string): CashoutFormCheck {
  const errors: Record<string, string> = {};
  const amount = checkAmount(values.amount, { minPaise: MIN_CASHOUT_PAISE, maxPaise: MAX_WALLET_MOVEMENT_PAISE });
  if (amount.error !== null) errors.amount = amount.error;
  else if (amount.paise > balancePaise) errors.amount = ABOVE_EARNINGS_MESSAGE;
  const candidate = {
    choice: values.choice,
    amount_paise: amount.paise ?? MIN_CASHOUT_PAISE,
    idempotency_key: idempotencyKey,
    ...(values.choice === 'withdraw' ? { bank_account: { holder_name: values.holder_name, account_number: values.account_number, ifsc: values.ifsc } } : {}),
  };
  const parsed = referralCashoutRequestSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path.at(-1) ?? 'amount');
      errors[field === 'amount_paise' ? 'amount' : field] ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { request: null, errors } : { request: candidate, errors: null };
}
