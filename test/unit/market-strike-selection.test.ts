import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { atmStrike, selectAtmOption, selectByPremium, strikeStep } from '../../functions/market/strike-selection';
import { tradingSymbolOf } from '../../functions/market/symbol-format';

function option(side: 'CE' | 'PE', strike: number): Instrument {
  const tradingSymbol = tradingSymbolOf({ base: 'NIFTY', instrumentType: side, expiry: '2025-12-30', strike });
  return {
    script_id: `NFO:${tradingSymbol}`,
    exchange: 'NFO',
    trading_symbol: tradingSymbol,
    name: 'NIFTY',
    instrument_type: side,
    expiry: '2025-12-30',
    strike,
    lot_size: 75,
    tick_size: 0.05,
    broker_tokens: {},
  };
}

const STRIKES = [25800, 25850, 25900, 25950, 26000, 26050, 26100, 26200];
const CHAIN = STRIKES.flatMap((strike) => [option('CE', strike), option('PE', strike)]);

describe('strike step', () => {
  it('is the smallest gap between adjacent strikes, whatever their order or repeats', () => {
    expect(strikeStep([26100, 25900, 26000, 26000, 26200, 26050])).toBe(50);
    expect(strikeStep([120, 122.5, 125])).toBe(2.5);
    expect(strikeStep([26000])).toBeNull();
  });
});

describe('ATM strike', () => {
  it('is the strike nearest the underlying price, the lower one on a tie', () => {
    expect(atmStrike(STRIKES, 25_961)).toBe(25950);
    expect(atmStrike(STRIKES, 25_976)).toBe(26000);
    expect(atmStrike(STRIKES, 25_975)).toBe(25950);
    expect(atmStrike(STRIKES, 30_000)).toBe(26200);
    expect(atmStrike([], 25_000)).toBeNull();
  });
});

describe('ATM ± atm_gap', () => {
  it('picks the ATM option at gap 0', () => {
    expect(selectAtmOption(CHAIN, 'CE', 25_990, 0)?.trading_symbol).toBe('NIFTY30DEC2526000CE');
    expect(selectAtmOption(CHAIN, 'PE', 25_990, 0)?.trading_symbol).toBe('NIFTY30DEC2526000PE');
  });

  it('moves out of the money for a positive gap and into it for a negative one', () => {
    expect(selectAtmOption(CHAIN, 'CE', 25_990, 2)?.strike).toBe(26100);
    expect(selectAtmOption(CHAIN, 'PE', 25_990, 2)?.strike).toBe(25900);
    expect(selectAtmOption(CHAIN, 'CE', 25_990, -1)?.strike).toBe(25950);
    expect(selectAtmOption(CHAIN, 'PE', 25_990, -1)?.strike).toBe(26050);
  });

  it('walks the listed strikes, so wider far strikes count as one step', () => {
    expect(selectAtmOption(CHAIN, 'CE', 26_100, 1)?.strike).toBe(26200);
  });

  it('answers null when the chain has no strike that far out', () => {
    expect(selectAtmOption(CHAIN, 'CE', 25_990, 5)).toBeNull();
    expect(selectAtmOption([], 'CE', 25_990, 0)).toBeNull();
  });
});

describe('premium-based selection', () => {
  const premiums = new Map<number, number>([
    [25900, 182.5],
    [25950, 151],
    [26000, 122],
    [26050, 97.4],
    [26100, 76],
  ]);
  const premiumOf = (instrument: Instrument) => (instrument.strike === null ? undefined : premiums.get(instrument.strike));

  it('picks the option whose premium is nearest the target within max_variation', () => {
    expect(selectByPremium(CHAIN, 'CE', premiumOf, 100, 10)?.strike).toBe(26050);
    expect(selectByPremium(CHAIN, 'CE', premiumOf, 140, 20)?.strike).toBe(25950);
  });

  it('answers null when no premium is within max_variation, or no price is known', () => {
    expect(selectByPremium(CHAIN, 'CE', premiumOf, 300, 20)).toBeNull();
    expect(selectByPremium(CHAIN, 'CE', () => undefined, 100, 50)).toBeNull();
  });

  it('prefers the lower strike on an exact tie and only looks at the asked side', () => {
    const flat = () => 100;
    expect(selectByPremium(CHAIN, 'PE', flat, 100, 0)?.trading_symbol).toBe('NIFTY30DEC2525800PE');
  });
});
