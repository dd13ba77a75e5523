import { describe, expect, it } from 'vitest';
import { expiryInstant, expirySecondOf } from '../../functions/broker-adapters/paper/expiry-time';
import { calendarYearsBetween, MARKET_CLOCKS, marketUnitsAt, marketYearsBetween, SESSION_WEIGHT } from '../../functions/broker-adapters/paper/market-time';
import { ceilToTick, nearestTick, priceOfTicks } from '../../functions/broker-adapters/paper/price-math';
import { onGrid, roundToTick } from '../../shared/domain/tick-math';

const secondAt = (text: string) => Math.floor(new Date(`${text}+05:30`).getTime() / 1000);
const units = (clock: keyof typeof MARKET_CLOCKS, text: string) => marketUnitsAt(MARKET_CLOCKS[clock], secondAt(text));

describe('market time (the clock the walk and the options share)', () => {
  it('runs SESSION_WEIGHT units a second in the NSE session and one a second outside it', () => {
    expect(units('index', '2026-11-26T10:00:01') - units('index', '2026-11-26T10:00:00')).toBe(SESSION_WEIGHT);
    expect(units('index', '2026-11-26T09:15:00') - units('index', '2026-11-26T09:14:59')).toBe(1);
    expect(units('index', '2026-11-26T09:15:01') - units('index', '2026-11-26T09:15:00')).toBe(SESSION_WEIGHT);
    expect(units('index', '2026-11-26T15:30:00') - units('index', '2026-11-26T15:29:59')).toBe(SESSION_WEIGHT);
    expect(units('index', '2026-11-26T15:30:01') - units('index', '2026-11-26T15:30:00')).toBe(1);
    expect(units('index', '2026-11-26T03:00:01') - units('index', '2026-11-26T03:00:00')).toBe(1);
    expect(units('stock', '2026-11-28T11:00:01') - units('stock', '2026-11-28T11:00:00')).toBe(1); // a Saturday
    expect(units('commodity', '2026-11-26T22:00:01') - units('commodity', '2026-11-26T22:00:00')).toBe(SESSION_WEIGHT);
    expect(units('commodity', '2026-11-26T23:45:01') - units('commodity', '2026-11-26T23:45:00')).toBe(1);
  });

  it('counts each weekday the same, a weekend at one unit a second, and a whole week as its units', () => {
    const weekday = (from: string, to: string) => units('index', to) - units('index', from);
    const session = 6 * 3600 + 15 * 60;
    expect(weekday('2026-11-23T00:00:00', '2026-11-24T00:00:00')).toBe(86_400 + (SESSION_WEIGHT - 1) * session);
    expect(weekday('2026-11-27T00:00:00', '2026-11-28T00:00:00')).toBe(86_400 + (SESSION_WEIGHT - 1) * session);
    expect(weekday('2026-11-28T00:00:00', '2026-11-30T00:00:00')).toBe(2 * 86_400);
    expect(weekday('2026-11-23T00:00:00', '2026-11-30T00:00:00')).toBe(MARKET_CLOCKS.index.unitsPerWeek);
    expect(weekday('2026-11-25T17:00:00', '2026-12-02T17:00:00')).toBe(MARKET_CLOCKS.index.unitsPerWeek);
  });

  it('never runs backwards and holds one year of market time in a calendar year', () => {
    let previous = -Infinity;
    for (let second = secondAt('2026-11-20T00:00:00'); second < secondAt('2026-12-05T00:00:00'); second += 997) {
      const reading = marketUnitsAt(MARKET_CLOCKS.index, second);
      expect(reading).toBeGreaterThan(previous);
      expect(Number.isInteger(reading)).toBe(true);
      previous = reading;
    }
    const [from, to] = [secondAt('2025-01-06T00:00:00'), secondAt('2025-01-06T00:00:00') + 52 * 7 * 86_400];
    expect(marketYearsBetween(MARKET_CLOCKS.index, from, to)).toBeCloseTo((52 * 7) / 365, 12);
    expect(calendarYearsBetween(from, to)).toBeCloseTo((52 * 7) / 365, 12);
    expect(marketYearsBetween(MARKET_CLOCKS.index, to, from)).toBe(0);
  });

  it('gives a Friday-close-to-Monday-close far less market time than three calendar days', () => {
    const [friday, monday] = [secondAt('2026-11-27T15:30:00'), secondAt('2026-11-30T15:30:00')];
    const weekdayYears = marketYearsBetween(MARKET_CLOCKS.index, secondAt('2026-11-25T15:30:00'), secondAt('2026-11-26T15:30:00'));
    expect(marketYearsBetween(MARKET_CLOCKS.index, friday, monday) / weekdayYears).toBeGreaterThan(1.5);
    expect(marketYearsBetween(MARKET_CLOCKS.index, friday, monday) / weekdayYears).toBeLessThan(2);
  });
});

describe('expiry instants', () => {
  it('puts an expiry at 15:30 IST and a missing or malformed one nowhere', () => {
    expect(expiryInstant('2026-12-01')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(expirySecondOf('2026-12-01')).toBe(secondAt('2026-12-01T15:30:00'));
    expect(expirySecondOf('2026-12-01')).toBe(expirySecondOf('2026-12-01'));
    expect(expirySecondOf(null)).toBeNull();
    expect(expirySecondOf('2026-02-30')).toBeNull();
    expect(expirySecondOf('01-12-2026')).toBeNull();
  });
});

describe('tick arithmetic on the fast path', () => {
  it("answers exactly tick-math's numbers", () => {
    for (const tick of [0.05, 0.1, 0.01, 0.0025, 1, 0.5, 5]) {
      for (let step = 0; step < 1_000; step += 1) {
        const price = (step * 7.919 + step * step * 0.0371) % 130_000;
        expect(nearestTick(price, tick)).toBe(roundToTick(price, tick));
        expect(priceOfTicks(step * 31, tick)).toBe(onGrid(step * 31, tick));
        expect(ceilToTick(price, tick)).toBeGreaterThanOrEqual(price - 1e-9);
        expect(ceilToTick(price, tick)).toBe(onGrid(Math.ceil(price / tick - 1e-9), tick));
      }
    }
  });
});
