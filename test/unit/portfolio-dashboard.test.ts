import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { BrokerSessionExpiredError, BrokerUnavailableError } from '../../functions/broker-adapters/http/broker-errors';
import { BROKER_FAILED_REASON, reasonOf, SESSION_ENDED_REASON } from '../../functions/portfolio/account-readings';
import { mapBounded, withinTime } from '../../functions/portfolio/bounded-map';
import { countOpenPositions, type ManagedPosition } from '../../functions/portfolio/open-positions';
import { MARKET_OPEN_MINUTE, MAX_PRICE_READS, pnlPoints, seriesTimes } from '../../functions/portfolio/pnl-series';
import type { DayFill } from '../../functions/portfolio/todays-fills';
import { BusinessRuleError } from '../../functions/platform/errors';

function instrument(symbol: string): Instrument {
  return { script_id: `NSE:${symbol}`, exchange: 'NSE', trading_symbol: symbol, name: symbol, instrument_type: 'EQ', expiry: null, strike: null, lot_size: 1, tick_size: 0.05, broker_tokens: {} };
}
const sbin = instrument('SBIN');
const infy = instrument('INFY');
const row = (script: string | null, product: 'INTRADAY' | 'DELIVERY', net: number, symbol = script?.split(':')[1] ?? 'X') => ({
  script_id: script,
  exchange: 'NSE' as const,
  trading_symbol: symbol,
  product,
  net_quantity: net,
});
const managed = (brokerId: string, who: Instrument, product: 'INTRADAY' | 'DELIVERY', status: ManagedPosition['op_status'] = 'OPEN'): ManagedPosition => ({
  op_status: status,
  broker_id: brokerId,
  instrument: who,
  product,
});

describe('open positions count', () => {
  it("counts each account's net non-zero positions once, and the order manager's OPEN positions no broker position covers", () => {
    const accounts = [
      { brokerId: 'A', positions: [row('NSE:SBIN', 'INTRADAY', 12), row('NSE:INFY', 'INTRADAY', 0), row(null, 'DELIVERY', 5, 'ODDSYMBOL')] },
      { brokerId: 'B', positions: [row('NSE:SBIN', 'INTRADAY', -3)] },
    ];
    const positions = [
      managed('A', sbin, 'INTRADAY'),
      managed('A', sbin, 'INTRADAY'),
      managed('A', sbin, 'DELIVERY'),
      managed('A', infy, 'INTRADAY'),
      managed('B', sbin, 'INTRADAY', 'WAITING'),
      managed('B', infy, 'INTRADAY', 'EXITED'),
      managed('C', infy, 'INTRADAY'),
    ];
    expect(countOpenPositions(accounts, positions)).toEqual({
      total: 6,
      detail: { broker_positions: 3, order_manager_in_broker: 2, order_manager_only: 3 },
    });
  });

  it('answers zero for nothing held', () => {
    expect(countOpenPositions([], [])).toEqual({ total: 0, detail: { broker_positions: 0, order_manager_in_broker: 0, order_manager_only: 0 } });
  });
});

const DAY_START = Date.UTC(2026, 2, 1, 18, 30); // 02-03-2026 00:00 in Asia/Kolkata
const OPEN = DAY_START + MARKET_OPEN_MINUTE * 60_000;
const MINUTE = 60_000;

describe('the P&L line', () => {
  it('runs from the open every minute to now, from the first fill when it came before the open, and widens its step to stay within the price budget', () => {
    expect(seriesTimes(DAY_START, null, OPEN + 2.5 * MINUTE, 1)).toEqual({ stepMinutes: 1, times: [OPEN, OPEN + MINUTE, OPEN + 2 * MINUTE, OPEN + 2.5 * MINUTE] });
    const early = DAY_START + 8 * 60 * MINUTE + 30_500;
    expect(seriesTimes(DAY_START, early, DAY_START + 8 * 60 * MINUTE + 90_000, 1).times).toEqual([DAY_START + 480 * MINUTE, DAY_START + 481 * MINUTE, DAY_START + 8 * 60 * MINUTE + 90_000]);
    expect(seriesTimes(DAY_START, null, OPEN - MINUTE, 3)).toEqual({ stepMinutes: 1, times: [OPEN - MINUTE] });
    const wide = seriesTimes(DAY_START, OPEN, OPEN + 375 * MINUTE, 200);
    expect(wide.stepMinutes).toBe(Math.ceil((375 * 200) / MAX_PRICE_READS));
    expect(wide.times.length * 200).toBeLessThanOrEqual(MAX_PRICE_READS + 200);
  });

  it('books realised P&L on reducing fills and values what is open at each moment', async () => {
    const fill = (who: Instrument, action: 'BUY' | 'SELL', quantity: number, price: number, atMs: number, brokerId = 'A'): DayFill => ({ brokerId, instrument: who, product: 'INTRADAY', action, quantity, price, atMs });
    const fills = [
      fill(sbin, 'BUY', 10, 100, OPEN + 10_000),
      fill(sbin, 'BUY', 10, 110, OPEN + MINUTE + 5_000),
      fill(sbin, 'SELL', 5, 120, OPEN + 2 * MINUTE),
      fill(infy, 'SELL', 2, 50, OPEN + 2 * MINUTE, 'B'),
    ];
    const prices: Record<string, number> = { 'NSE:SBIN': 0, 'NSE:INFY': 0 };
    const asked: number[] = [];
    const priceAt = async (instruments: readonly Instrument[], at: Date) => {
      asked.push(at.getTime());
      const minute = Math.round((at.getTime() - OPEN) / MINUTE);
      prices['NSE:SBIN'] = 100 + minute * 4;
      prices['NSE:INFY'] = 50 - minute;
      return new Map(instruments.map((which) => [which.script_id, prices[which.script_id] ?? 0]));
    };
    const points = await pnlPoints(fills, [OPEN, OPEN + MINUTE, OPEN + 2 * MINUTE, OPEN + 3 * MINUTE], priceAt);
    // 09:15: nothing filled yet (the first fill is 10 s later), no price read
    expect(points[0]).toEqual({ at: new Date(OPEN).toISOString(), realised_pnl: 0, total_pnl: 0 });
    // 09:16: 10 SBIN at 100, price 104
    expect(points[1]).toMatchObject({ realised_pnl: 0, total_pnl: 40 });
    // 09:17: 20 at 105 average, 5 sold at 120 (+75 booked), 15 left valued at 108; 2 INFY short at 50, price 48
    expect(points[2]).toMatchObject({ realised_pnl: 75, total_pnl: 75 + 15 * 3 + 2 * 2 });
    // 09:18: SBIN 112, INFY 47
    expect(points[3]).toMatchObject({ realised_pnl: 75, total_pnl: 75 + 15 * 7 + 2 * 3 });
    expect(asked).toEqual([OPEN + MINUTE, OPEN + 2 * MINUTE, OPEN + 3 * MINUTE]);
  });
});

describe('reading several brokers', () => {
  it('runs at most the limit at once and keeps the order of the items', async () => {
    let running = 0;
    let most = 0;
    const answers = await mapBounded([5, 1, 4, 2, 3, 6], 2, async (delay) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, delay));
      running -= 1;
      return delay * 10;
    });
    expect(answers).toEqual([50, 10, 40, 20, 30, 60]);
    expect(most).toBe(2);
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
  });

  it('answers the fallback when a read takes too long', async () => {
    const slow = new Promise<string>((resolve) => setTimeout(() => resolve('late'), 200));
    expect(await withinTime(10, slow, () => 'timed out')).toBe('timed out');
    expect(await withinTime(200, Promise.resolve('quick'), () => 'timed out')).toBe('quick');
  });

  it("words a failed read for the trader, without the broker's internals for unknown errors", () => {
    expect(reasonOf(new BrokerSessionExpiredError('zerodha', 'token-rejected'))).toBe(SESSION_ENDED_REASON);
    expect(reasonOf(new BusinessRuleError('Connect this broker account first.'))).toBe('Connect this broker account first.');
    expect(reasonOf(new BrokerUnavailableError('zerodha', 'Zerodha did not answer (HTTP 503).'))).toBe(`${BROKER_FAILED_REASON} Zerodha did not answer (HTTP 503).`);
    expect(reasonOf(new Error('socket hang up at 10.0.0.4'))).toBe(BROKER_FAILED_REASON);
  });
});
