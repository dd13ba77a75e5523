import type { Instrument, InstrumentType } from '../../../shared/domain/instruments';
import { bridgeOffset } from './brownian-bridge';
import { expirySecondOf } from './expiry-time';
import { calendarYearsBetween, MARKET_CLOCKS, marketUnitsAt, volatilityPerUnit, type MarketClock } from './market-time';
import { intrinsicValue, optionValue, type OptionRight } from './option-pricing';
import { ceilToTick, nearestTick } from './price-math';
import { impliedVolatilityOf, referenceOf, RISK_FREE_RATE, underlyingSymbolOf } from './reference-levels';
import { hashText } from './seeded-random';

/**
 * The paper market's price feed. `ltp(instrument, at)` is a pure function of (seed, instrument, the
 * second containing `at`): stateless Lambdas, the position monitor and the order engine all see the
 * same price for the same second without sharing anything.
 *
 * - Each underlying (its symbol: an equity's trading symbol, a derivative's `name`) follows its own
 *   seeded walk around its reference level (reference-levels.ts): level × e^(walk), the walk being the
 *   Brownian bridge of brownian-bridge.ts read on market time (market-time.ts: fast while the exchange
 *   trades, slow at night and at weekends), with the underlying's annual volatility. NSE and BSE
 *   listings of one company share the walk with its futures and options, as do all of an index's
 *   derivatives.
 * - Futures are the underlying's forward: spot × e^(r·T), a cost-of-carry basis that shrinks to 0 at
 *   expiry (T in calendar years).
 * - Options are Black-76 on that same forward, at the underlying's volatility over the market time left
 *   to expiry: the volatility the walk itself moves with, so an option's day-to-day change is what its
 *   delta and theta say. Never below intrinsic, exactly intrinsic at expiry.
 * - Every price lands on the instrument's tick and is at least one tick.
 *
 * Simplifications: no order book or bid/ask spread (one LTP), no volume, no circuit limits, no smile,
 * and the walk keeps moving (slowly) when the exchange is closed, so the next open gaps a little.
 */
export const DEFAULT_PRICE_SEED = 'tradebridge-paper';

/** The underlying during one second, as every instrument on it is priced. */
interface UnderlyingState {
  readonly spot: number;
  readonly second: number;
  readonly clock: MarketClock;
  readonly volatility: number;
}

interface TheoreticalPrice {
  readonly value: number;
  /** A level the quoted price must not fall below (intrinsic value for options). */
  readonly floor: number;
}

type Pricer = (instrument: Instrument, underlying: UnderlyingState) => TheoreticalPrice;

/** The expiry second, or the current one for a row without a (valid) expiry: priced as expired. */
function expirySecond(instrument: Instrument, underlying: UnderlyingState): number {
  return expirySecondOf(instrument.expiry) ?? underlying.second;
}

/** The underlying's forward for the instrument's expiry: what its future trades at. */
function forwardOf(instrument: Instrument, underlying: UnderlyingState): number {
  return underlying.spot * Math.exp(RISK_FREE_RATE * calendarYearsBetween(underlying.second, expirySecond(instrument, underlying)));
}

function optionPricer(right: OptionRight): Pricer {
  return (instrument, underlying) => {
    const { spot, second, clock, volatility } = underlying;
    // A master row without a strike is priced at the money rather than failing.
    const strike = instrument.strike ?? spot;
    const expiresAt = expirySecond(instrument, underlying);
    const value = optionValue({
      right,
      spot,
      forward: forwardOf(instrument, underlying),
      strike,
      volatility,
      varianceYears: expiresAt > second ? (marketUnitsAt(clock, expiresAt) - marketUnitsAt(clock, second)) / clock.unitsPerYear : 0,
      discountYears: calendarYearsBetween(second, expiresAt),
      rate: RISK_FREE_RATE,
    });
    return { value, floor: intrinsicValue(right, spot, strike) };
  };
}

const PRICERS: Readonly<Record<InstrumentType, Pricer>> = {
  EQ: (_instrument, underlying) => ({ value: underlying.spot, floor: 0 }),
  FUT: (instrument, underlying) => ({ value: forwardOf(instrument, underlying), floor: 0 }),
  CE: optionPricer('CE'),
  PE: optionPricer('PE'),
};

/** The second an instant falls in: the feed's time bucket. */
export function secondOf(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

function underlyingState(seed: string, instrument: Instrument, second: number): UnderlyingState {
  const reference = referenceOf(instrument);
  const clock = MARKET_CLOCKS[reference.assetClass];
  const volatility = impliedVolatilityOf(reference);
  const walkKey = hashText(`${seed}|${underlyingSymbolOf(instrument)}`);
  const walk = bridgeOffset(walkKey, marketUnitsAt(clock, second), volatilityPerUnit(clock, volatility));
  return { spot: reference.level * Math.exp(walk), second, clock, volatility };
}

/** The underlying's level (not rounded to any tick) during the second containing `at`. */
export function underlyingLevel(seed: string, instrument: Instrument, at: Date): number {
  return underlyingState(seed, instrument, secondOf(at)).spot;
}

/** The last traded price of an instrument during the second containing `at`. */
export function paperLtp(seed: string, instrument: Instrument, at: Date): number {
  const tick = instrument.tick_size;
  const { value, floor } = PRICERS[instrument.instrument_type](instrument, underlyingState(seed, instrument, secondOf(at)));
  return Math.max(tick, nearestTick(value, tick), floor > 0 ? ceilToTick(floor, tick) : 0);
}

export interface PriceFeed {
  readonly seed: string;
  ltp(instrument: Instrument, at: Date): number;
  underlyingLevel(instrument: Instrument, at: Date): number;
}

export function createPriceFeed(seed: string = DEFAULT_PRICE_SEED): PriceFeed {
  return {
    seed,
    ltp: (instrument, at) => paperLtp(seed, instrument, at),
    underlyingLevel: (instrument, at) => underlyingLevel(seed, instrument, at),
  };
}
