import type { Bridge } from '../../shared/contracts/bridge';
import type { Position } from '../../shared/contracts/ordermanager';
import { groupPnl } from '../../shared/domain/exit-levels';
import { marketDayOf, startOfMarketDay } from '../../shared/domain/market-clock';

/**
 * A bridge's figures (spec §3 user bridge; §4 "new bridge: zero pnl and counts"), derived on read so
 * they can never drift from what they count: the P&L of its positions as the order manager answers
 * them (open at the last price, closed realised; unknown counts 0), the part of it from positions made
 * today (IST market day), today's signals, and the OPEN positions.
 */
export type BridgeFigures = Pick<Bridge, 'overall_pnl' | 'today_pnl' | 'today_signal_count' | 'open_positions_count'>;

export const ZERO_FIGURES: BridgeFigures = { overall_pnl: 0, today_pnl: 0, today_signal_count: 0, open_positions_count: 0 };

/** The instant today's market day (Asia/Kolkata) began: today's signals and positions are the ones since. */
export function startOfToday(now: Date): Date {
  return startOfMarketDay(marketDayOf(now));
}

const pnlSum = (positions: readonly Position[]) => groupPnl(positions.flatMap((position) => (position.pnl === null ? [] : [position.pnl])));

export function figuresOf(positions: readonly Position[], todaySignalCount: number, now: Date): BridgeFigures {
  const today = marketDayOf(now);
  return {
    overall_pnl: pnlSum(positions),
    today_pnl: pnlSum(positions.filter((position) => marketDayOf(new Date(position.created_at)) === today)),
    today_signal_count: todaySignalCount,
    open_positions_count: positions.filter((position) => position.op_status === 'OPEN').length,
  };
}
