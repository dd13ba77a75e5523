import type { Instrument } from '../../../shared/domain/instruments';
import { instrumentMaster } from '../../market/instrument-master';
import { selectListedExpiry, type ExpiryType } from '../../market/listed-expiries';
import { lastTradedPrices } from '../../market/ltp';
import { selectAtmOption, selectByPremium } from '../../market/strike-selection';
import { BusinessRuleError } from '../../platform/errors';
import type { InstrumentRequest } from './instrument-request';
import { masterLookupOf, type MasterLookup } from './master-lookup';
import { underlyingPriceOf } from './underlying-price';

/**
 * Which contract of the instrument master a signal's request names at `at`: the signal worker's first
 * step for both bridges. A request the master cannot answer is refused with a reason the trader can act
 * on (the signal is then rejected), never guessed: a guessed contract places the wrong order.
 */
export type ResolvedInstrument = { readonly ok: true; readonly instrument: Instrument } | { readonly ok: false; readonly reason: string };

type Resolver<K extends InstrumentRequest['kind']> = (request: Extract<InstrumentRequest, { kind: K }>, lookup: MasterLookup, at: Date) => Promise<ResolvedInstrument>;

const found = (instrument: Instrument): ResolvedInstrument => ({ ok: true, instrument });
const refused = (reason: string): ResolvedInstrument => ({ ok: false, reason });

/** The expiry (yyyy-MM-dd) `expiryType` + `expiryGap` name among the master's listed expiries still trading at `at`, or why there is none. */
function expiryOf(lookup: MasterLookup, underlying: string, expiryType: ExpiryType, expiryGap: number, at: Date): { expiry: string } | { reason: string } {
  const chain = lookup.expiryChain(underlying);
  if (chain === null) return { reason: `No ${underlying} futures or options in the instrument master` };
  try {
    return { expiry: selectListedExpiry(chain, expiryType, expiryGap, at) };
  } catch (error) {
    if (error instanceof BusinessRuleError) return { reason: error.message };
    throw error;
  }
}

function describeExpiry(expiryType: ExpiryType, expiryGap: number): string {
  return `${expiryType} expiry ${expiryGap === 0 ? '(nearest)' : `+${expiryGap}`}`;
}

/** The option chain side a request picks from, or why there is none. */
function chainOf(request: Extract<InstrumentRequest, { kind: 'option-atm' | 'option-premium' }>, lookup: MasterLookup, at: Date) {
  const expiry = expiryOf(lookup, request.underlying, request.expiryType, request.expiryGap, at);
  if ('reason' in expiry) return expiry;
  const chain = lookup.derivatives(request.underlying, request.side, expiry.expiry);
  if (chain.length === 0) return { reason: `No ${request.underlying} ${request.side} options expiring ${expiry.expiry} (${describeExpiry(request.expiryType, request.expiryGap)}) in the instrument master` };
  return { expiry: expiry.expiry, chain };
}

const RESOLVERS: { readonly [K in InstrumentRequest['kind']]: Resolver<K> } = {
  symbol: async ({ symbol, exchange }, lookup) => {
    const instrument = lookup.bySymbol(symbol, exchange);
    return instrument ? found(instrument) : refused(`No instrument ${exchange ? `${exchange}:` : ''}${symbol} in the instrument master`);
  },

  future: async ({ underlying, expiryType, expiryGap }, lookup, at) => {
    const expiry = expiryOf(lookup, underlying, expiryType, expiryGap, at);
    if ('reason' in expiry) return refused(expiry.reason);
    const [future] = lookup.derivatives(underlying, 'FUT', expiry.expiry);
    return future ? found(future) : refused(`No ${underlying} future expiring ${expiry.expiry} (${describeExpiry(expiryType, expiryGap)}) in the instrument master`);
  },

  'option-atm': async (request, lookup, at) => {
    const chain = chainOf(request, lookup, at);
    if ('reason' in chain) return refused(chain.reason);
    const calls = lookup.derivatives(request.underlying, 'CE', chain.expiry);
    const puts = lookup.derivatives(request.underlying, 'PE', chain.expiry);
    const price = await underlyingPriceOf(lookup.cash(request.underlying), calls, puts, at);
    if (price === null) return refused(`No price for ${request.underlying} to find the ATM strike`);
    const option = selectAtmOption(chain.chain, request.side, price, request.atmGap);
    return option
      ? found(option)
      : refused(`No ${request.underlying} ${request.side} ${Math.abs(request.atmGap)} strikes ${request.atmGap >= 0 ? 'out of' : 'into'} the money expiring ${chain.expiry} (ATM near ${price.toFixed(2)})`);
  },

  'option-premium': async (request, lookup, at) => {
    const chain = chainOf(request, lookup, at);
    if ('reason' in chain) return refused(chain.reason);
    const premiums = await lastTradedPrices(chain.chain, at);
    const option = selectByPremium(chain.chain, request.side, (candidate) => premiums.get(candidate.script_id), request.premium, request.maxVariation);
    return option
      ? found(option)
      : refused(`No ${request.underlying} ${request.side} expiring ${chain.expiry} with a premium within ${request.maxVariation} of ${request.premium}`);
  },
};

export async function resolveInstrument(request: InstrumentRequest, at: Date): Promise<ResolvedInstrument> {
  const lookup = masterLookupOf(await instrumentMaster());
  // The record is keyed by kind, so the resolver taken is the one for this request's kind.
  const resolver = RESOLVERS[request.kind] as Resolver<InstrumentRequest['kind']>;
  return resolver(request, lookup, at);
}
