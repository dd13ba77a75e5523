import { rupeesFromPaise } from '@shared/domain/money';
import { formatMoneyExact } from '@/lib/format/money';

/** Paise as exact rupees with Indian grouping: 125050 → ₹1,250.50. */
export const paiseText = (paise: number): string => formatMoneyExact(rupeesFromPaise(paise));
