import { describe, expect, it } from 'vitest';
import { baseNameOf, displayNameOf, expiryCode, strikeText, tradingSymbolOf } from '../../functions/market/symbol-format';

describe('platform symbol format', () => {
  it('spells equities as their plain symbol', () => {
    expect(tradingSymbolOf({ base: 'SBIN', instrumentType: 'EQ', expiry: null, strike: null })).toBe('SBIN');
  });

  it('spells futures <BASE><DD><MMM><YY>FUT', () => {
    expect(tradingSymbolOf({ base: 'NIFTY', instrumentType: 'FUT', expiry: '2025-01-30', strike: null })).toBe('NIFTY30JAN25FUT');
    expect(tradingSymbolOf({ base: 'CRUDEOIL', instrumentType: 'FUT', expiry: '2025-02-19', strike: null })).toBe('CRUDEOIL19FEB25FUT');
  });

  it('spells weekly and monthly options in the same full-date format', () => {
    expect(tradingSymbolOf({ base: 'NIFTY', instrumentType: 'CE', expiry: '2025-12-02', strike: 26000 })).toBe('NIFTY02DEC2526000CE');
    expect(tradingSymbolOf({ base: 'NIFTY', instrumentType: 'PE', expiry: '2025-12-30', strike: 26000 })).toBe('NIFTY30DEC2526000PE');
  });

  it('keeps the decimal of a fractional strike', () => {
    expect(tradingSymbolOf({ base: 'VEDL', instrumentType: 'CE', expiry: '2025-04-24', strike: 292.5 })).toBe('VEDL24APR25292.5CE');
    expect(strikeText(83.5)).toBe('83.5');
    expect(strikeText(29250 / 100)).toBe('292.5');
    expect(strikeText(0.1 + 0.2)).toBe('0.3');
  });

  it('refuses derivatives without their expiry or strike', () => {
    expect(() => tradingSymbolOf({ base: 'NIFTY', instrumentType: 'FUT', expiry: null, strike: null })).toThrow(RangeError);
    expect(() => tradingSymbolOf({ base: 'NIFTY', instrumentType: 'CE', expiry: '2025-12-30', strike: null })).toThrow(RangeError);
    expect(() => expiryCode('2025-13-01')).toThrow(RangeError);
  });

  it('labels scripts for people and names their base', () => {
    expect(displayNameOf({ base: 'NIFTY', instrumentType: 'CE', expiry: '2025-12-30', strike: 24000 })).toBe('NIFTY 30 DEC 25 24000 CE');
    expect(displayNameOf({ base: 'NIFTY', instrumentType: 'FUT', expiry: '2025-12-30', strike: null })).toBe('NIFTY 30 DEC 25 FUT');
    expect(displayNameOf({ base: 'SBIN', instrumentType: 'EQ', expiry: null, strike: null })).toBe('SBIN');
    const equity = { trading_symbol: 'SBIN', name: 'State Bank of India', instrument_type: 'EQ', expiry: null, strike: null } as const;
    const option = { trading_symbol: 'SBIN30DEC25900CE', name: 'SBIN', instrument_type: 'CE', expiry: '2025-12-30', strike: 900 } as const;
    expect(baseNameOf(equity)).toBe('SBIN');
    expect(baseNameOf(option)).toBe('SBIN');
  });
});
