import { MAX_WALLET_MOVEMENT_PAISE, paiseFromRupees, rupeesFromPaise } from '@shared/domain/money';
import { formatMoneyExact } from '@/lib/format/money';

/** Limits of one top-up, in paise. */
export interface AmountLimits {
  readonly minPaise: number;
  readonly maxPaise: number;
}

/** Without the franchise's limits: more than zero, at most the largest wallet movement. */
export const WALLET_LIMITS: AmountLimits = { minPaise: 1, maxPaise: MAX_WALLET_MOVEMENT_PAISE };

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

/** Rupee limits (as `getpaymentoptions` answers them) as paise. */
export function limitsFromRupees(min: number, max: number): AmountLimits {
  return { minPaise: Math.max(1, Math.round(min * 100)), maxPaise: Math.min(MAX_WALLET_MOVEMENT_PAISE, Math.round(max * 100)) };
}
