import { paiseFromRupees, rupeesFromPaise } from '@shared/domain/money';
import { formatMoneyExact } from './money';

/** Limits of an amount a person types (a top-up, a refund), in paise. */
export interface AmountLimits {
  readonly minPaise: number;
  readonly maxPaise: number;
}

export type AmountCheck = { readonly paise: number; readonly error: null } | { readonly paise: null; readonly error: string };

/** A typed rupee amount (500, 499.50) as paise, checked against the limits; a plain reason when it fails. */
export function checkAmount(typed: string, limits: AmountLimits): AmountCheck {
  const text = typed.trim().replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { paise: null, error: 'Enter the amount in rupees, with at most two decimals.' };
  const paise = paiseFromRupees(Number(text));
  if (paise === null || paise <= 0) return { paise: null, error: 'The amount must be more than zero.' };
  if (paise < limits.minPaise) return { paise: null, error: `The smallest amount is ${formatMoneyExact(rupeesFromPaise(limits.minPaise))}.` };
  if (paise > limits.maxPaise) return { paise: null, error: `The largest amount is ${formatMoneyExact(rupeesFromPaise(limits.maxPaise))}.` };
  return { paise, error: null };
}
