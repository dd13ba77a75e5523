import type { OptionChain, OptionChainLeg } from '../../shared/contracts/option-chain';
import type { Instrument } from '../../shared/domain/instruments';
import { createOpenInterestSource } from '../broker-adapters/paper/open-interest';
import { BrokerFailureError, NotFoundError } from '../platform/errors';
import { instrumentMaster } from './instrument-master';
import { changeSincePreviousClose, lastTradedPrices, quotedSecondOf } from './ltp';
import { liveExpiries, optionChainIndexOf, strikeStepOf, type OptionExchange, type StrikePair, type UnderlyingOptions } from './option-chain-index';
import { atmStrike } from './strike-selection';
import { displayNameOf, symbolPartsOf } from './symbol-format';

/**
 * The option chain of one underlying and expiry at an instant: strikes around the money with each
 * strike's call and put. Expiries are the instrument master's (still trading, nearest first); prices
 * come through `lastTradedPrices` (the paper market's feed today), open interest from the paper
 * market's simulated figures (broker-adapters/paper/open-interest.ts).
 *
 * The ATM strike is measured against the underlying's price as the signals' ATM selection measures it
 * (signals/resolve/underlying-price.ts): a stock's cash LTP; for an index or a commodity, which the
 * master lists no spot for, the chain's synthetic future — at the strike where call and put are
 * closest, strike + call − put (put–call parity).
 */
export interface OptionChainQuery {
  readonly underlying: string;
  readonly exchange?: OptionExchange | undefined;
  readonly expiry?: string | undefined;
  /** Strikes each side of the ATM one. */
  readonly strikes: number;
}

const openInterest = createOpenInterestSource();

/** yyyy-MM-dd → dd-MM-yyyy (spec §9's display date) for messages. */
const displayDay = (day: string) => day.split('-').reverse().join('-');

function underlyingNotListed(query: OptionChainQuery): NotFoundError {
  return new NotFoundError(`No ${query.underlying} options${query.exchange ? ` on ${query.exchange}` : ''} in the instrument master`);
}

type UnderlyingPrice = OptionChain['underlying_price'];

/** At the strike where call and put premiums are closest: strike + call − put; null without a priced pair. */
export function syntheticUnderlyingPrice(pairs: readonly StrikePair[], prices: ReadonlyMap<string, number>): number | null {
  let best: { strike: number; difference: number } | null = null;
  for (const { strike, ce, pe } of pairs) {
    const call = ce ? prices.get(ce.script_id) : undefined;
    const put = pe ? prices.get(pe.script_id) : undefined;
    if (call === undefined || put === undefined) continue;
    const difference = call - put;
    if (best === null || Math.abs(difference) < Math.abs(best.difference)) best = { strike, difference };
  }
  return best === null ? null : Math.round((best.strike + best.difference) * 100) / 100;
}

function underlyingPriceOf(options: UnderlyingOptions, pairs: readonly StrikePair[], prices: ReadonlyMap<string, number>): UnderlyingPrice | null {
  const cashPrice = options.cash ? prices.get(options.cash.script_id) : undefined;
  if (options.cash && cashPrice !== undefined) return { ltp: cashPrice, source: 'cash', script_id: options.cash.script_id };
  const synthetic = syntheticUnderlyingPrice(pairs, prices);
  return synthetic === null ? null : { ltp: synthetic, source: 'synthetic', script_id: null };
}

function legOf(option: Instrument | null, prices: ReadonlyMap<string, number>, at: Date): OptionChainLeg | null {
  const ltp = option ? prices.get(option.script_id) : undefined;
  if (!option || ltp === undefined) return null;
  const change = changeSincePreviousClose(option, ltp, at);
  const interest = openInterest.read(option, at);
  return {
    script_id: option.script_id,
    trading_symbol: option.trading_symbol,
    display_name: displayNameOf(symbolPartsOf(option)),
    exchange: option.exchange,
    lot_size: option.lot_size,
    tick_size: option.tick_size,
    ltp,
    previous_close: change.previous_close,
    change: change.change,
    change_percent: change.change_percent,
    oi: interest?.oi ?? null,
    oi_change: interest?.change ?? null,
  };
}

/** The chosen expiry: the one asked for when it is still trading, else the nearest; 404 when none fits. */
function expiryOf(query: OptionChainQuery, expiries: readonly string[]): string {
  const nearest = expiries[0];
  if (nearest === undefined) throw new NotFoundError(`No ${query.underlying} option expiry ahead in the instrument master`);
  if (query.expiry === undefined) return nearest;
  if (!expiries.includes(query.expiry)) throw new NotFoundError(`No ${query.underlying} options expiring ${displayDay(query.expiry)} are trading`);
  return query.expiry;
}

export async function buildOptionChain(query: OptionChainQuery, at: Date): Promise<OptionChain> {
  const options = optionChainIndexOf(await instrumentMaster()).find(query.underlying, query.exchange);
  if (!options) throw underlyingNotListed(query);
  const expiries = liveExpiries(options, at);
  const expiry = expiryOf(query, expiries);
  const pairs = options.pairs(expiry);
  const legs = pairs.flatMap((pair) => [pair.ce, pair.pe]).filter((leg): leg is Instrument => leg !== null);
  const prices = await lastTradedPrices(options.cash ? [...legs, options.cash] : legs, at);
  const underlyingPrice = underlyingPriceOf(options, pairs, prices);
  const atm = underlyingPrice === null ? null : atmStrike(pairs.map((pair) => pair.strike), underlyingPrice.ltp);
  if (underlyingPrice === null || atm === null) throw new BrokerFailureError(`No prices for ${query.underlying} to find the ATM strike`);
  const atmIndex = pairs.findIndex((pair) => pair.strike === atm);
  const shown = pairs.slice(Math.max(0, atmIndex - query.strikes), atmIndex + query.strikes + 1);
  const firstLeg = legs[0];
  return {
    underlying: options.underlying,
    exchange: options.exchange,
    expiries: [...expiries],
    expiry,
    lot_size: firstLeg?.lot_size ?? 1,
    strike_step: strikeStepOf(pairs),
    underlying_price: underlyingPrice,
    atm_strike: atm,
    rows: shown.map((pair) => ({ strike: pair.strike, is_atm: pair.strike === atm, ce: legOf(pair.ce, prices, at), pe: legOf(pair.pe, prices, at) })),
    as_of: quotedSecondOf(at).toISOString(),
  };
}
