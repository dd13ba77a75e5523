import type { Instrument } from '../../../shared/domain/instruments';
import { BusinessRuleError } from '../../platform/errors';
import type { ExpiryChain } from '../../market/listed-expiries';
import type { MasterLookup } from '../../signals/resolve/master-lookup';
import { expiryKindOf, nextExpiryOf } from './rollover-calendar';

/**
 * The contract a position rolls onto (issue 6), pure over the instrument master's lookup: the same
 * underlying, exchange and type on the next expiry of the same kind (weekly → next weekly, monthly →
 * next monthly); for an option the same strike, or the nearest one listed (the lower of two equally
 * near) with a note saying so. A contract the master cannot answer is refused with the reason, never
 * guessed: rolling onto a wrong contract places the wrong order.
 */
export type SuccessorChoice = { readonly ok: true; readonly instrument: Instrument; readonly note: string } | { readonly ok: false; readonly reason: string };

type DerivativeType = 'FUT' | 'CE' | 'PE';
const isDerivativeType = (type: Instrument['instrument_type']): type is DerivativeType => type !== 'EQ';

function nearestStrike(chain: readonly Instrument[], strike: number): Instrument | undefined {
  let best: Instrument | undefined;
  for (const candidate of chain) {
    const distance = Math.abs((candidate.strike ?? 0) - strike);
    // The chain is sorted by strike, so on a tie the lower strike stays.
    if (best === undefined || distance < Math.abs((best.strike ?? 0) - strike)) best = candidate;
  }
  return best;
}

function nextExpiry(current: Instrument, chain: ExpiryChain): { expiry: string } | { reason: string } {
  try {
    return { expiry: nextExpiryOf(current, chain) };
  } catch (error) {
    if (error instanceof BusinessRuleError || error instanceof RangeError) return { reason: error.message };
    throw error;
  }
}

export function successorContract(current: Instrument, lookup: Pick<MasterLookup, 'derivatives' | 'expiryChain'>): SuccessorChoice {
  const type = current.instrument_type;
  if (!isDerivativeType(type) || current.expiry === null) return { ok: false, reason: `${current.trading_symbol} does not expire: only futures and options roll over` };
  const expiries = lookup.expiryChain(current.name);
  if (expiries === null) return { ok: false, reason: `No ${current.name} futures or options in the instrument master` };
  const next = nextExpiry(current, expiries);
  if ('reason' in next) return { ok: false, reason: next.reason };
  const kind = expiryKindOf(current, expiries);
  const chain = lookup.derivatives(current.name, type, next.expiry).filter((candidate) => candidate.exchange === current.exchange);
  const where = `${current.name} ${type} on the next ${kind} expiry ${next.expiry}`;
  if (type === 'FUT') {
    const [future] = chain;
    return future ? { ok: true, instrument: future, note: `next ${kind} expiry ${next.expiry}` } : { ok: false, reason: `No ${where} in the instrument master` };
  }
  const strike = current.strike ?? 0;
  const same = chain.find((candidate) => candidate.strike === strike);
  if (same) return { ok: true, instrument: same, note: `next ${kind} expiry ${next.expiry}, same strike ${strike}` };
  const nearest = nearestStrike(chain, strike);
  if (!nearest) return { ok: false, reason: `No ${where} in the instrument master` };
  return { ok: true, instrument: nearest, note: `next ${kind} expiry ${next.expiry}; strike ${strike} is not listed there, nearest strike ${nearest.strike ?? ''} taken` };
}
