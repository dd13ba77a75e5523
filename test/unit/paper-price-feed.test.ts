import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/domain/instruments';
import { expiryInstant } from '../../functions/broker-adapters/paper/expiry-time';
import { intrinsicValue, normalCdf, optionValue, type OptionInputs } from '../../functions/broker-adapters/paper/option-pricing';
import { createPriceFeed, paperLtp } from '../../functions/broker-adapters/paper/price-feed';
import { ceilToTick } from '../../functions/broker-adapters/paper/price-math';
import { decimalsOf, isOnTick, roundToTick } from '../../shared/domain/tick-math';
import { MARKET_CLOCKS, SESSION_WEIGHT, volatilityPerUnit } from '../../functions/broker-adapters/paper/market-time';
import { impliedVolatilityOf, REFERENCE_UNDERLYINGS, referenceOf } from '../../functions/broker-adapters/paper/reference-levels';

function instrument(fields: Partial<Instrument> & Pick<Instrument, 'trading_symbol' | 'name'>): Instrument {
  return {
    script_id: `${fields.exchange ?? 'NSE'}:${fields.trading_symbol}`,
    exchange: 'NSE',
    instrument_type: 'EQ',
    expiry: null,
    strike: null,
    lot_size: 1,
    tick_size: 0.05,
    broker_tokens: {},
    ...fields,
  };
}

const ist = (text: string) => new Date(`${text}+05:30`);
const seconds = (start: Date, count: number, step = 1) => Array.from({ length: count }, (_, index) => new Date(start.getTime() + index * step * 1000));

const nifty = instrument({ trading_symbol: 'NIFTY', name: 'NIFTY' });
const sbin = instrument({ trading_symbol: 'SBIN', name: 'SBIN' });
const niftyFuture = instrument({ exchange: 'NFO', trading_symbol: 'NIFTY25NOV25FUT', name: 'NIFTY', instrument_type: 'FUT', expiry: '2025-11-25', lot_size: 75, tick_size: 0.1 });
const niftyCall = (strike: number) =>
  instrument({ exchange: 'NFO', trading_symbol: `NIFTY25NOV25${strike}CE`, name: 'NIFTY', instrument_type: 'CE', expiry: '2025-11-25', strike, lot_size: 75 });
const niftyPut = (strike: number): Instrument => ({ ...niftyCall(strike), trading_symbol: `NIFTY25NOV25${strike}PE`, instrument_type: 'PE' });
const crude = instrument({ exchange: 'MCX', trading_symbol: 'CRUDEOIL25DECFUT', name: 'CRUDEOIL', instrument_type: 'FUT', expiry: '2025-12-18', lot_size: 100, tick_size: 1 });

describe('paper price feed', () => {
  const feed = createPriceFeed('test-seed');
  const morning = ist('2025-11-19T10:00:00');

  it('gives the same price for the same seed, instrument and second, from any instance', () => {
    const again = createPriceFeed('test-seed');
    for (const at of seconds(morning, 50, 37)) expect(again.ltp(nifty, at)).toBe(feed.ltp(nifty, at));
    expect(feed.ltp(sbin, ist('2025-11-19T10:00:00.100'))).toBe(feed.ltp(sbin, ist('2025-11-19T10:00:00.900')));
  });

  it('walks differently for another seed and another underlying', () => {
    const other = createPriceFeed('other-seed');
    const moves = (price: (at: Date) => number) => seconds(morning, 30).map((at) => price(at) / price(morning));
    expect(moves((at) => other.ltp(nifty, at))).not.toEqual(moves((at) => feed.ltp(nifty, at)));
    expect(moves((at) => feed.ltp(instrument({ trading_symbol: 'BANKNIFTY', name: 'BANKNIFTY' }), at))).not.toEqual(moves((at) => feed.ltp(nifty, at)));
  });

  it('moves: the price changes from second to second', () => {
    const prices = new Set(seconds(morning, 60).map((at) => feed.ltp(nifty, at)));
    expect(prices.size).toBeGreaterThan(30);
  });

  it('puts every price on the instrument tick', () => {
    for (const subject of [nifty, sbin, niftyFuture, niftyCall(24_000), niftyPut(23_500), crude, { ...sbin, tick_size: 0.1 }, { ...sbin, tick_size: 0.01 }]) {
      for (const at of seconds(morning, 200, 61)) {
        const price = feed.ltp(subject, at);
        expect(isOnTick(price, subject.tick_size)).toBe(true);
        expect(Number(price.toFixed(decimalsOf(subject.tick_size)))).toBe(price);
        expect(price).toBeGreaterThanOrEqual(subject.tick_size);
      }
    }
  });

  it("keeps index and stock levels near their reference and moves in session at the underlying's volatility", () => {
    for (const at of seconds(morning, 60, 86_400)) {
      expect(feed.ltp(nifty, at)).toBeGreaterThan(24_000 * 0.7);
      expect(feed.ltp(nifty, at)).toBeLessThan(24_000 * 1.3);
    }
    const returns = seconds(morning, 5_001).map((at) => Math.log(feed.underlyingLevel(nifty, at)));
    const squared = returns.slice(1).map((value, index) => (value - (returns[index] ?? value)) ** 2);
    const deviation = Math.sqrt(squared.reduce((sum, value) => sum + value, 0) / squared.length);
    // In session a second is SESSION_WEIGHT units of market time (market-time.ts).
    const perSessionSecond = volatilityPerUnit(MARKET_CLOCKS.index, impliedVolatilityOf(referenceOf(nifty))) * Math.sqrt(SESSION_WEIGHT);
    expect(deviation).toBeGreaterThan(perSessionSecond * 0.8);
    expect(deviation).toBeLessThan(perSessionSecond * 1.2);
  });

  it('derives a stable equity level from the symbol when it has no reference row', () => {
    const unknown = instrument({ trading_symbol: 'ZZTESTCO', name: 'ZZTESTCO' });
    const price = paperLtp('s', unknown, morning);
    expect(price).toBe(paperLtp('s', unknown, morning));
    expect(price).toBeGreaterThan(50);
    expect(price).toBeLessThan(10_000);
  });

  it('prices a master equity (name = company name) from its symbol, sharing the walk with its derivatives', () => {
    const listed = instrument({ trading_symbol: 'SBIN', name: 'State Bank of India' });
    const onBse = instrument({ exchange: 'BSE', trading_symbol: 'SBIN', name: 'State Bank of India' });
    const sbinFuture = instrument({ exchange: 'NFO', trading_symbol: 'SBIN25NOV25FUT', name: 'SBIN', instrument_type: 'FUT', expiry: '2025-11-25', lot_size: 750 });
    for (const at of seconds(morning, 20, 3_600)) {
      expect(feed.ltp(listed, at)).toBe(feed.ltp(sbin, at));
      expect(feed.ltp(onBse, at)).toBe(feed.ltp(sbin, at));
      expect(feed.underlyingLevel(sbinFuture, at)).toBe(feed.underlyingLevel(listed, at));
    }
    expect(referenceOf(listed)).toEqual(REFERENCE_UNDERLYINGS.SBIN);
  });

  it('has a reference row for TATASTEEL and keeps its equity near it', () => {
    const tataSteel = instrument({ trading_symbol: 'TATASTEEL', name: 'Tata Steel' });
    expect(referenceOf(tataSteel)).toEqual({ level: 170, assetClass: 'stock', impliedVolatility: 0.3 });
    for (const at of seconds(morning, 30, 86_400)) {
      expect(feed.ltp(tataSteel, at)).toBeGreaterThan(170 * 0.6);
      expect(feed.ltp(tataSteel, at)).toBeLessThan(170 * 1.6);
    }
  });

  it('prices futures at the underlying plus a small carry that vanishes at expiry', () => {
    const spot = feed.underlyingLevel(niftyFuture, morning);
    const basis = feed.ltp(niftyFuture, morning) - spot;
    expect(basis).toBeGreaterThan(0);
    expect(basis / spot).toBeLessThan(0.01);
    const expiry = expiryInstant('2025-11-25');
    expect(expiry?.toISOString()).toBe('2025-11-25T10:00:00.000Z');
    if (expiry === null) return;
    expect(feed.ltp(niftyFuture, expiry)).toBe(roundToTick(feed.underlyingLevel(niftyFuture, expiry), 0.1));
  });

  it('never quotes an option below intrinsic, and quotes exactly intrinsic (at least a tick) at expiry', () => {
    const expiry = expiryInstant('2025-11-25');
    if (expiry === null) throw new Error('expiry must parse');
    for (const strike of [22_000, 23_000, 24_000, 25_000, 26_000]) {
      for (const at of [...seconds(morning, 40, 9_000), expiry, new Date(expiry.getTime() + 60_000)]) {
        const spot = feed.underlyingLevel(nifty, at);
        expect(feed.ltp(niftyCall(strike), at)).toBeGreaterThanOrEqual(intrinsicValue('CE', spot, strike));
        expect(feed.ltp(niftyPut(strike), at)).toBeGreaterThanOrEqual(intrinsicValue('PE', spot, strike));
      }
      const spotAtExpiry = feed.underlyingLevel(nifty, expiry);
      expect(feed.ltp(niftyCall(strike), expiry)).toBe(Math.max(0.05, ceilToTick(intrinsicValue('CE', spotAtExpiry, strike), 0.05)));
    }
  });

  it('orders option prices sensibly across strikes at one moment', () => {
    const calls = [23_000, 23_500, 24_000, 24_500, 25_000].map((strike) => feed.ltp(niftyCall(strike), morning));
    const puts = [23_000, 23_500, 24_000, 24_500, 25_000].map((strike) => feed.ltp(niftyPut(strike), morning));
    expect([...calls].sort((a, b) => b - a)).toEqual(calls);
    expect([...puts].sort((a, b) => a - b)).toEqual(puts);
  });
});

describe('option value (Black-76 on the forward, fixed IV)', () => {
  const base: Omit<OptionInputs, 'spot' | 'forward' | 'varianceYears' | 'discountYears'> = { right: 'CE', strike: 24_000, volatility: 0.13, rate: 0.065 };
  /** One clock for volatility and discount, the forward carried at the rate: Black–Scholes' inputs. */
  const at = (spot: number, yearsToExpiry: number) => ({ spot, forward: spot * Math.exp(0.065 * yearsToExpiry), varianceYears: yearsToExpiry, discountYears: yearsToExpiry });

  it('rises with the underlying for a call and falls for a put', () => {
    const spots = [22_000, 23_000, 23_800, 24_000, 24_200, 25_000, 26_000];
    const calls = spots.map((spot) => optionValue({ ...base, ...at(spot, 10 / 365) }));
    const puts = spots.map((spot) => optionValue({ ...base, right: 'PE', ...at(spot, 10 / 365) }));
    calls.slice(1).forEach((value, index) => expect(value).toBeGreaterThan(calls[index] ?? Infinity));
    puts.slice(1).forEach((value, index) => expect(value).toBeLessThan(puts[index] ?? -Infinity));
  });

  it('is never below intrinsic and loses time value as expiry nears', () => {
    const days = [30, 14, 7, 3, 1, 0.1, 0];
    for (const spot of [23_000, 24_000, 25_000]) {
      const values = days.map((day) => optionValue({ ...base, ...at(spot, day / 365) }));
      values.forEach((value) => expect(value).toBeGreaterThanOrEqual(intrinsicValue('CE', spot, 24_000)));
      values.slice(1).forEach((value, index) => expect(value).toBeLessThanOrEqual(values[index] ?? -Infinity));
      expect(values.at(-1)).toBe(intrinsicValue('CE', spot, 24_000));
    }
  });

  it('matches a textbook at-the-money value and put–call parity', () => {
    const textbook = { spot: 100, forward: 100 * Math.exp(0.05), varianceYears: 1, discountYears: 1 };
    const call = optionValue({ ...base, ...textbook, strike: 100, volatility: 0.2, rate: 0.05 });
    const put = optionValue({ ...base, ...textbook, right: 'PE', strike: 100, volatility: 0.2, rate: 0.05 });
    expect(call).toBeCloseTo(10.4506, 3);
    expect(call - put).toBeCloseTo(100 - 100 * Math.exp(-0.05), 3);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 3);
  });
});
