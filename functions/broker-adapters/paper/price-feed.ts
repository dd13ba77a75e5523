import type { Instrument, InstrumentType } from '../../../shared/domain/instruments';
import { bridgeOffset } from './brownian-bridge';
import { yearsToExpiry } from './expiry-time';
import { intrinsicValue, optionValue, type OptionRight } from './option-pricing';
import { ceilToTick } from './price-math';
import { roundToTick } from '../../../shared/domain/tick-math';
import { ASSET_CLASS_PROFILES, impliedVolatilityOf, referenceOf, RISK_FREE_RATE, underlyingSymbolOf } from './reference-levels';
import { hashText } from './seeded-random';

/**
 * The paper market's price feed. `ltp(instrument, at)` is a pure function of (seed, instrument, the
 * second containing `at`): stateless Lambdas, the position monitor and the order engine all see the
 * same price for the same second without sharing anything.
 *
 * - Each underlying (its symbol: an equity's trading symbol, a derivative's `name`) follows its own
 *   seeded walk around its reference level (reference-levels.ts): level × e^(walk), the walk being the
 *   Brownian bridge of brownian-bridge.ts. NSE and BSE listings of one company share the walk with
 *   its futures and options, as do all of an index's derivatives.
 * - Futures track the underlying with cost of carry: spot × e^(r·T), a basis that shrinks to 0 at expiry.
 * - Options are Black–Scholes at a fixed IV per underlying, never below intrinsic, and worth exactly
 *   intrinsic at expiry.
 * - Every price lands on the instrument's tick and is at least one tick.
 *
 * Simplifications: no order book or bid/ask spread (one LTP), no volume, no circuit limits, and the
 * walk keeps moving when the exchange is closed (the next open simply gaps).
 */
export const DEFAULT_PRICE_SEED = 'tradebridge-paper';

interface TheoreticalPrice {
  readonly value: number;
  /** A level the quoted price must not fall below (intrinsic value for options). */
  readonly floor: number;
}

type Pricer = (instrument: Instrument, spot: number, at: Date) => TheoreticalPrice;

function optionPricer(right: OptionRight): Pricer {
  return (instrument, spot, at) => {
    // A master row without a strike is priced at the money rather than failing.
    const strike = instrument.strike ?? spot;
    const value = optionValue({
      right,
      spot,
      strike,
      yearsToExpiry: yearsToExpiry(instrument.expiry, at),
      volatility: impliedVolatilityOf(referenceOf(instrument)),
      rate: RISK_FREE_RATE,
    });
    return { value, floor: intrinsicValue(right, spot, strike) };
  };
}

const PRICERS: Readonly<Record<InstrumentType, Pricer>> = {
  EQ: (_instrument, spot) => ({ value: spot, floor: 0 }),
  FUT: (instrument, spot, at) => ({ value: spot * Math.exp(RISK_FREE_RATE * yearsToExpiry(instrument.expiry, at)), floor: 0 }),
  CE: optionPricer('CE'),
  PE: optionPricer('PE'),
};

/** The second an instant falls in: the feed's time bucket. */
export function secondOf(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

/** The underlying's level (not rounded to any tick) during the second containing `at`. */
export function underlyingLevel(seed: string, instrument: Instrument, at: Date): number {
  const reference = referenceOf(instrument);
  const walkKey = hashText(`${seed}|${underlyingSymbolOf(instrument)}`);
  const volatility = ASSET_CLASS_PROFILES[reference.assetClass].volatilityPerSecond;
  return reference.level * Math.exp(bridgeOffset(walkKey, secondOf(at), volatility));
}

/** The last traded price of an instrument during the second containing `at`. */
export function paperLtp(seed: string, instrument: Instrument, at: Date): number {
  const tick = instrument.tick_size;
  const { value, floor } = PRICERS[instrument.instrument_type](instrument, underlyingLevel(seed, instrument, at), at);
  return Math.max(tick, roundToTick(value, tick), floor > 0 ? ceilToTick(floor, tick) : 0);
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
