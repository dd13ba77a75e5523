import { formatNumber } from './number';

const RUPEE = '₹';

/** An amount in rupees, shortened like every number (spec §9): ₹1.3K, ₹250.00, -₹12.50. */
export function formatMoney(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}${RUPEE}${formatNumber(Math.abs(amount))}`;
}

const exactRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An exact amount with Indian digit grouping, for ledgers and receipts: ₹12,34,567.50. */
export function formatMoneyExact(amount: number): string {
  return exactRupees.format(amount);
}
