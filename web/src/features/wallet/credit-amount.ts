import { MAX_WALLET_MOVEMENT_PAISE } from '@shared/domain/money';
import type { AmountLimits } from '@/lib/format/rupee-amount';

export { checkAmount, type AmountCheck, type AmountLimits } from '@/lib/format/rupee-amount';

/** Without the franchise's limits: more than zero, at most the largest wallet movement. */
export const WALLET_LIMITS: AmountLimits = { minPaise: 1, maxPaise: MAX_WALLET_MOVEMENT_PAISE };

/** Rupee limits (as `getpaymentoptions` answers them) as paise. */
export function limitsFromRupees(min: number, max: number): AmountLimits {
  return { minPaise: Math.max(1, Math.round(min * 100)), maxPaise: Math.min(MAX_WALLET_MOVEMENT_PAISE, Math.round(max * 100)) };
}
