import type { Instrument } from '../../../shared/domain/instruments';
import type { ExitLeg, GroupExitStatus } from '../../../shared/domain/exit-levels';
import type { Candle, CandleTimeframe } from '../../market/candles';
import type { PositionItem } from '../../data/ordermanager/position-item';
import type { WatchedLevels } from './position-levels';

/** The position monitor's view of the market on one tick (monitor-decision.ts, rollover-decision.ts). */
export interface MarketNow {
  readonly at: Date;
  /** Last traded prices by script id, read once per script for the tick. */
  readonly prices: ReadonlyMap<string, number>;
  /** The script's candle of that timeframe that closed on this tick, or null. */
  readonly closedCandleOf: (scriptId: string, minutes: CandleTimeframe) => Candle | null;
  /** Whether the position's exchange trades now (orders are only placed then). */
  readonly isOpen: (instrument: Instrument) => boolean;
}

export type MonitorDecision =
  | { readonly kind: 'enter'; readonly position: PositionItem; readonly note: string }
  | { readonly kind: 'exit'; readonly position: PositionItem; readonly leg: ExitLeg; readonly note: string }
  /** A WAITING position the trading window closed on (leg END_TIME). */
  | { readonly kind: 'cancel'; readonly position: PositionItem; readonly note: string }
  | { readonly kind: 'trail'; readonly position: PositionItem; readonly levels: Pick<WatchedLevels, 'best_price' | 'stop_price'>; readonly note: string }
  /** An OPEN position whose rollover is due: exit it and open its successor on the next expiry (rollover/). */
  | { readonly kind: 'rollover'; readonly position: PositionItem; readonly note: string }
  /** A position exited for a rollover whose successor is not open yet: open it, or abandon the rollover. */
  | { readonly kind: 'rollover-resume'; readonly position: PositionItem; readonly outcome: 'complete' | 'abandon'; readonly note: string }
  /**
   * An OPEN position whose entry order still rests unfilled when it must close (the window ended): the
   * entry order is cancelled, and the position closes as `to` if nothing filled (what filled is the
   * follow-up's: OPEN for that much, then exited like any other).
   */
  | { readonly kind: 'withdraw-entry'; readonly position: PositionItem; readonly close: EntryWithdrawal; readonly note: string }
  | {
      readonly kind: 'group-exit';
      readonly status: GroupExitStatus;
      readonly exits: readonly PositionItem[];
      readonly cancels: readonly PositionItem[];
      /** OPEN positions whose entry order still rests unfilled: withdrawn, then closed in the group status. */
      readonly withdrawals: readonly PositionItem[];
      readonly note: string;
    };

/** How a position whose unfilled entry was withdrawn closes: its status and leg. */
export interface EntryWithdrawal {
  readonly to: 'CANCELLED' | GroupExitStatus;
  readonly leg: ExitLeg;
}
