import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { createMarketHours, isUsDaylightSavingDay, REGULAR_MARKET_HOURS } from '../../functions/broker-adapters/paper/market-hours';
import { marketDayOf } from '../../shared/domain/market-clock';

function instrument(fields: Partial<Instrument> & Pick<Instrument, 'trading_symbol' | 'name'>): Instrument {
  return { script_id: 'x', exchange: 'NSE', instrument_type: 'EQ', expiry: null, strike: null, lot_size: 1, tick_size: 0.05, broker_tokens: {}, ...fields };
}

const ist = (text: string) => new Date(`${text}+05:30`);
const sbin = instrument({ trading_symbol: 'SBIN', name: 'SBIN' });
const sensexOption = instrument({ exchange: 'BFO', trading_symbol: 'SENSEX25NOV2080000CE', name: 'SENSEX', instrument_type: 'CE', lot_size: 20 });
const crude = instrument({ exchange: 'MCX', trading_symbol: 'CRUDEOIL25DECFUT', name: 'CRUDEOIL', instrument_type: 'FUT', lot_size: 100, tick_size: 1 });
const cotton = { ...crude, trading_symbol: 'COTTONCNDY25DECFUT', name: 'COTTONCNDY' };
const mentha = { ...crude, trading_symbol: 'MENTHAOIL25DECFUT', name: 'MENTHAOIL' };

describe('paper market hours', () => {
  const hours = REGULAR_MARKET_HOURS;

  it('opens NSE/BSE/NFO/BFO at 09:15:00 and closes at 15:30:00 IST (a Wednesday)', () => {
    for (const subject of [sbin, sensexOption]) {
      expect(hours.isOpen(subject, ist('2025-11-19T09:14:59'))).toBe(false);
      expect(hours.isOpen(subject, ist('2025-11-19T09:15:00'))).toBe(true);
      expect(hours.isOpen(subject, ist('2025-11-19T15:29:59'))).toBe(true);
      expect(hours.isOpen(subject, ist('2025-11-19T15:30:00'))).toBe(false);
    }
  });

  it('closes on weekends', () => {
    expect(hours.isOpen(sbin, ist('2025-11-22T11:00:00'))).toBe(false);
    expect(hours.isOpen(sbin, ist('2025-11-23T11:00:00'))).toBe(false);
    expect(hours.isOpen(crude, ist('2025-11-22T18:00:00'))).toBe(false);
    expect(hours.isOpen(sbin, ist('2025-11-24T11:00:00'))).toBe(true);
  });

  it('trades MCX non-agri from 09:00 to 23:55 in the US winter and to 23:30 in the US summer', () => {
    expect(hours.isOpen(crude, ist('2025-11-19T08:59:59'))).toBe(false);
    expect(hours.isOpen(crude, ist('2025-11-19T09:00:00'))).toBe(true);
    expect(hours.isOpen(crude, ist('2025-11-19T23:45:00'))).toBe(true);
    expect(hours.isOpen(crude, ist('2025-11-19T23:55:00'))).toBe(false);
    expect(hours.isOpen(crude, ist('2025-07-16T23:29:59'))).toBe(true);
    expect(hours.isOpen(crude, ist('2025-07-16T23:30:00'))).toBe(false);
  });

  it('follows the US daylight-saving switch dates (2nd Sunday of March, 1st Sunday of November)', () => {
    const day = (text: string) => marketDayOf(ist(`${text}T12:00:00`));
    expect(isUsDaylightSavingDay(day('2025-03-07'))).toBe(false);
    expect(isUsDaylightSavingDay(day('2025-03-10'))).toBe(true);
    expect(isUsDaylightSavingDay(day('2025-10-31'))).toBe(true);
    expect(isUsDaylightSavingDay(day('2025-11-03'))).toBe(false);
  });

  it('closes MCX agri earlier: cotton/CPO/kapas at 21:00, other agri at 17:00', () => {
    expect(hours.isOpen(cotton, ist('2025-11-19T20:59:59'))).toBe(true);
    expect(hours.isOpen(cotton, ist('2025-11-19T21:00:00'))).toBe(false);
    expect(hours.isOpen(mentha, ist('2025-11-19T16:59:59'))).toBe(true);
    expect(hours.isOpen(mentha, ist('2025-11-19T17:00:00'))).toBe(false);
  });

  it('takes holidays from the injected predicate, per exchange', () => {
    const withHoliday = createMarketHours({ isHoliday: (exchange, day) => exchange === 'NSE' && day === '2025-11-19' });
    expect(withHoliday.isOpen(sbin, ist('2025-11-19T11:00:00'))).toBe(false);
    expect(withHoliday.isOpen(crude, ist('2025-11-19T11:00:00'))).toBe(true);
  });

  it('is open every second of every day when always open', () => {
    const alwaysOpen = createMarketHours({ alwaysOpen: true });
    expect(alwaysOpen.isOpen(sbin, ist('2025-11-23T03:00:00'))).toBe(true);
    expect(alwaysOpen.expiryOfDayOrder(sbin, ist('2025-11-19T10:00:00'))).toBeNull();
  });

  it('knows the latest intraday square-off: 15:15 on NSE, 25 minutes before the MCX close', () => {
    expect(hours.lastSquareOff(sbin, ist('2025-11-19T15:14:59'))?.toISOString()).toBe(ist('2025-11-18T15:15:00').toISOString());
    expect(hours.lastSquareOff(sbin, ist('2025-11-19T15:15:00'))?.toISOString()).toBe(ist('2025-11-19T15:15:00').toISOString());
    expect(hours.lastSquareOff(sbin, ist('2025-11-24T10:00:00'))?.toISOString()).toBe(ist('2025-11-21T15:15:00').toISOString());
    expect(hours.lastSquareOff(crude, ist('2025-11-19T23:40:00'))?.toISOString()).toBe(ist('2025-11-19T23:30:00').toISOString());
    const fridayHoliday = createMarketHours({ isHoliday: (_exchange, day) => day === '2025-11-21' });
    expect(fridayHoliday.lastSquareOff(sbin, ist('2025-11-24T10:00:00'))?.toISOString()).toBe(ist('2025-11-20T15:15:00').toISOString());
    expect(hours.isPastSquareOff(sbin, ist('2025-11-19T15:14:59'))).toBe(false);
    expect(hours.isPastSquareOff(sbin, ist('2025-11-19T15:15:00'))).toBe(true);
  });

  it('expires day orders at their session close', () => {
    expect(hours.expiryOfDayOrder(sbin, ist('2025-11-19T10:00:00'))?.toISOString()).toBe(ist('2025-11-19T15:30:00').toISOString());
    expect(hours.expiryOfDayOrder(crude, ist('2025-11-19T10:00:00'))?.toISOString()).toBe(ist('2025-11-19T23:55:00').toISOString());
  });
});
