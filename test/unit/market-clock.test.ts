import { describe, expect, it } from 'vitest';
import { formatDay, marketClockParts, marketDayOf, parseDay, startOfMarketDay, tradingDay } from '../../shared/domain/market-clock';

describe('market clock (Asia/Kolkata)', () => {
  it('reads an instant on the Indian clock', () => {
    expect(marketClockParts(new Date('2026-11-21T20:00:00Z'))).toEqual({ year: '2026', month: '11', day: '22', hour: '01', minute: '30', second: '00' });
    expect(marketClockParts(new Date('not a date'))).toBeNull();
  });

  it('starts the trading day at midnight IST, which is 18:30 UTC the day before', () => {
    expect(tradingDay(new Date('2026-11-21T18:29:59Z'))).toBe('2026-11-21');
    expect(tradingDay(new Date('2026-11-21T18:30:00Z'))).toBe('2026-11-22');
    const day = parseDay('2026-11-22');
    expect(day).not.toBeNull();
    expect(startOfMarketDay(day ?? 0).toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(formatDay(marketDayOf(new Date('2026-11-21T18:30:00Z')))).toBe('2026-11-22');
  });

  it('refuses dates that do not exist', () => {
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('2026-2-3')).toBeNull();
  });
});
