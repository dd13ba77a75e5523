import { groupPnl, positionPnl } from '../../../shared/domain/exit-levels';
import type { OpStatus } from '../../../shared/contracts/ordermanager';
import type { PositionItem } from '../../data/ordermanager/position-item';

/**
 * A position's P&L in rupees (spec §3 order group, DESIGN.md §5): an OPEN one at the last traded
 * price, one closed by an exit order realised at the two fill prices; null while it cannot be known
 * (not entered, entry not filled yet, no price, or closed without an order).
 */
type PnlInput = Pick<PositionItem, 'op_status' | 'transaction_type' | 'quantity' | 'entry_avg_price' | 'exit_avg_price'>;

const CLOSED_BY_ORDER: readonly OpStatus[] = ['EXITED', 'GROUP_TGT', 'GROUP_SL'];

export function pnlOf(position: PnlInput, ltp: number | null): number | null {
  const { op_status: status, transaction_type: side, quantity, entry_avg_price: entry, exit_avg_price: exit } = position;
  if (entry === null) return null;
  if (status === 'OPEN') return ltp === null ? null : positionPnl(side, entry, ltp, quantity);
  if (CLOSED_BY_ORDER.includes(status) && exit !== null) return positionPnl(side, entry, exit, quantity);
  return null;
}

/** The group's P&L: the sum of what is known (a position whose P&L is unknown counts 0, as it holds nothing filled yet). */
export function totalPnlOf(pnls: readonly (number | null)[]): number {
  return groupPnl(pnls.filter((pnl): pnl is number => pnl !== null));
}
