import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { createOpenInterestSource } from '../../functions/broker-adapters/paper/open-interest';
import type { PriceFeed } from '../../functions/broker-adapters/paper/price-feed';

const ist = (text: string) => new Date(`${text}+05:30`);

/** A feed whose underlying stands still at 24,230 (open interest centres on the level at the open). */
const stillFeed: PriceFeed = { seed: 'still', ltp: () => 0, underlyingLevel: () => 24_230 };

const option = (type: 'CE' | 'PE', strike: number, expiry = '2025-11-25'): Instrument => ({
  script_id: `NFO:NIFTY25NOV25${strike}${type}`,
  exchange: 'NFO',
  trading_symbol: `NIFTY25NOV25${strike}${type}`,
  name: 'NIFTY',
  instrument_type: type,
  expiry,
  strike,
  lot_size: 75,
  tick_size: 0.05,
  broker_tokens: {},
});

const strikes = Array.from({ length: 41 }, (_, index) => 23_250 + index * 50);

describe('simulated open interest of the paper market', () => {
  const source = createOpenInterestSource('test-seed', stillFeed);
  const midday = ist('2025-11-19T12:00:00');

  it('is the same for the same contract and minute, a whole number of lots, and none for a cash equity', () => {
    const call = option('CE', 24_300);
    const reading = source.read(call, midday);
    expect(createOpenInterestSource('test-seed', stillFeed).read(call, new Date(midday.getTime() + 30_000))).toEqual(reading);
    expect((reading?.oi ?? 1) % 75).toBe(0);
    expect((reading?.change ?? 1) % 75).toBe(0);
    expect(source.read({ ...call, instrument_type: 'EQ', exchange: 'NSE', strike: null, expiry: null }, midday)).toBeNull();
  });

  it('gathers calls above the level and puts below it, far more than deep in the money', () => {
    const calls = strikes.map((strike) => ({ strike, oi: source.read(option('CE', strike), midday)?.oi ?? 0 }));
    const puts = strikes.map((strike) => ({ strike, oi: source.read(option('PE', strike), midday)?.oi ?? 0 }));
    const weightedStrike = (rows: { strike: number; oi: number }[]) => rows.reduce((sum, row) => sum + row.strike * row.oi, 0) / rows.reduce((sum, row) => sum + row.oi, 0);
    expect(weightedStrike(calls)).toBeGreaterThan(24_230);
    expect(weightedStrike(puts)).toBeLessThan(24_230);
    const deepInTheMoneyCall = calls[0]?.oi ?? 0;
    const nearTheMoneyCall = Math.max(...calls.slice(20, 26).map((row) => row.oi));
    expect(nearTheMoneyCall).toBeGreaterThan(5 * deepInTheMoneyCall);
  });

  it('holds more at round strikes than at their neighbours', () => {
    const oi = (strike: number) => source.read(option('CE', strike), midday)?.oi ?? 0;
    expect(oi(24_500)).toBeGreaterThan(oi(24_450));
    expect(oi(24_500)).toBeGreaterThan(oi(24_550));
  });

  it('starts the session at its base and drifts slowly, by at most 35 % by the close', () => {
    const call = option('CE', 24_300);
    const open = source.read(call, ist('2025-11-19T09:15:00'));
    const beforeOpen = source.read(call, ist('2025-11-19T08:00:00'));
    const close = source.read(call, ist('2025-11-19T15:30:00'));
    expect(beforeOpen).toEqual(open);
    expect(open?.change).toBe(0);
    const base = open?.oi ?? 0;
    expect(close?.change).toBe((close?.oi ?? 0) - base);
    expect(Math.abs(close?.change ?? 0)).toBeLessThanOrEqual(0.4 * base);
    const minuteApart = [ist('2025-11-19T11:00:00'), ist('2025-11-19T11:01:00')].map((at) => source.read(call, at)?.oi ?? 0);
    expect(Math.abs((minuteApart[1] ?? 0) - (minuteApart[0] ?? 0))).toBeLessThanOrEqual(0.01 * base);
  });
});
