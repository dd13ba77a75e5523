import { isPending, type PaperAccountState } from './account-state';

/**
 * Keeps a stored account small (one DynamoDB item holds at most 400 KB): drops finished orders,
 * trades and flat positions last touched before `before`. Pending orders and open positions always
 * stay. The realised P&L already sits in the funds, so nothing about the balance is lost.
 */
export function compactHistory(state: PaperAccountState, before: Date): PaperAccountState {
  const isRecent = (instant: string) => new Date(instant) >= before;
  return {
    ...state,
    orders: state.orders.filter((order) => isPending(order) || isRecent(order.updatedAt)),
    trades: state.trades.filter((trade) => isRecent(trade.at)),
    positions: state.positions.filter((position) => position.netQuantity !== 0 || isRecent(position.updatedAt)),
  };
}
