import { isWithinTradingWindow } from '../market/trading-window';
import { createCandleBook } from '../ordermanager/monitor/candle-book';
import { runPositionMonitor } from '../ordermanager/monitor/monitor-run';
import { orderPathSettings } from '../orders/order-path-settings';
import { config } from '../platform/config';
import { createLogger } from '../platform/logger';

/**
 * The order manager's position monitor (issue 6): every minute, ~1 s ticks for ~55 s through the
 * trading window (a quiet tick off-hours ends the run), each tick evaluating waiting and open positions against the last
 * traded price (functions/ordermanager/monitor). Ending before the next run starts keeps runs apart;
 * claims and conditional writes make it harmless when two overlap.
 */
const MONITOR_RUN_MS = 55_000;
const TICK_MS = 1_000;

/** Candles being built live as long as the container, so one whose end falls between two runs still closes. */
const candles = createCandleBook();

export function handler(): Promise<{ ticks: number }> {
  return runPositionMonitor({
    runForMs: MONITOR_RUN_MS,
    tickMs: TICK_MS,
    log: createLogger({ worker: 'position-monitor' }, config().logLevel),
    candles,
    marketMayTrade: (at) => orderPathSettings().paperAlwaysOpen || isWithinTradingWindow(at),
  });
}
