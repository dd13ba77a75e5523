import { formatMoneyExact } from '@/lib/format/money';
import { directionOf, type PriceDirection } from '@/lib/price-direction';

/** P&L is read to the paisa (₹1,234.50, -₹80.00); its colour says profit or loss at a glance. */
export function formatPnl(amount: number): string {
  return formatMoneyExact(amount);
}

export const PNL_CLASS: Readonly<Record<PriceDirection, string>> = {
  up: 'pnl--profit',
  down: 'pnl--loss',
  flat: 'pnl--flat',
};

export function pnlClassOf(amount: number): string {
  return PNL_CLASS[directionOf(amount)];
}

/** A position's P&L today: what was booked plus what is open. */
export function totalPnlOf(position: { realised_pnl: number; unrealised_pnl: number }): number {
  return position.realised_pnl + position.unrealised_pnl;
}
