import type { EXPIRY_TYPES } from '../../shared/domain/ranges';
import type { Instrument } from '../../shared/domain/instruments';
import { BusinessRuleError } from '../platform/errors';
import { contractCutoff } from './contract-cutoff';

/**
 * Expiries as the instrument master lists them (issue 13): the exchanges' own chains, never a computed
 * calendar, so an unannounced holiday or a changed expiry weekday cannot make the platform trade the
 * wrong contract. For one underlying on one exchange:
 * - weekly = every listed option expiry;
 * - monthly = the expiries on which a future of the underlying also expires (the last of each month);
 * - an expiry whose cut-off instant (`contract-cutoff.ts`) has passed is gone.
 */
export type ExpiryType = (typeof EXPIRY_TYPES)[number];

export interface ExpiryChain {
  readonly underlying: string;
  readonly exchange: Instrument['exchange'];
  /** Distinct option expiries, yyyy-MM-dd ascending. */
  readonly optionExpiries: readonly string[];
  /** Distinct future expiries, yyyy-MM-dd ascending. */
  readonly futureExpiries: readonly string[];
}

const ascending = (values: Iterable<string>): string[] => [...new Set(values)].sort();

/** The chain of one underlying on one exchange, from its derivative rows (other rows are ignored). */
export function expiryChainOf(underlying: string, exchange: Instrument['exchange'], rows: Iterable<Pick<Instrument, 'instrument_type' | 'expiry'>>): ExpiryChain {
  const options: string[] = [];
  const futures: string[] = [];
  for (const row of rows) {
    if (row.expiry === null) continue;
    if (row.instrument_type === 'FUT') futures.push(row.expiry);
    else if (row.instrument_type === 'CE' || row.instrument_type === 'PE') options.push(row.expiry);
  }
  return { underlying, exchange, optionExpiries: ascending(options), futureExpiries: ascending(futures) };
}

/** Monthly expiries: those a future of the underlying expires on. */
export function monthlyExpiriesOf(chain: ExpiryChain): readonly string[] {
  return chain.futureExpiries;
}

/** Weekly contracts: option expiries that are not also a monthly expiry. */
export function hasWeeklyContracts(chain: ExpiryChain): boolean {
  const monthly = new Set(chain.futureExpiries);
  return chain.optionExpiries.some((expiry) => !monthly.has(expiry));
}

/** Whether an expiry of the chain is a weekly or a monthly one (monthly when a future expires that day). */
export function expiryKindIn(chain: ExpiryChain, expiry: string): ExpiryType {
  return chain.futureExpiries.includes(expiry) ? 'monthly' : 'weekly';
}

/** The listed expiries of a type, every one of them (expired or not), ascending; refuses a weekly type without weekly contracts. */
export function listedExpiriesOf(chain: ExpiryChain, expiryType: ExpiryType): readonly string[] {
  if (expiryType === 'monthly') return monthlyExpiriesOf(chain);
  if (!hasWeeklyContracts(chain)) throw new BusinessRuleError(`${chain.underlying} has no weekly expiry; use monthly.`);
  return chain.optionExpiries;
}

/** The listed expiries of a type still tradable at `at` (their cut-off ahead), ascending. */
export function liveExpiriesOf(chain: ExpiryChain, expiryType: ExpiryType, at: Date): readonly string[] {
  return listedExpiriesOf(chain, expiryType).filter((expiry) => {
    const cutoff = contractCutoff({ exchange: chain.exchange, name: chain.underlying, expiry });
    return cutoff !== null && cutoff.getTime() > at.getTime();
  });
}

/**
 * The expiry (yyyy-MM-dd) a signal's `expiry_type` + `expiry_gap` name at `at` (spec §3): gap 0 is the
 * nearest listed expiry still trading, 1 the one after, and so on. Refuses (BusinessRuleError) a bad
 * gap, a weekly type without weekly contracts and a gap beyond the listed chain.
 */
export function selectListedExpiry(chain: ExpiryChain, expiryType: ExpiryType, gap: number, at: Date): string {
  if (!Number.isInteger(gap) || gap < 0) throw new BusinessRuleError('expiry_gap must be a whole number of 0 or more.');
  const live = liveExpiriesOf(chain, expiryType, at);
  const expiry = live[gap];
  if (expiry === undefined) {
    const listed = live.length === 0 ? 'none' : live.join(', ');
    throw new BusinessRuleError(
      `${chain.underlying} lists ${live.length} ${expiryType} expir${live.length === 1 ? 'y' : 'ies'} ahead in the instrument master (${listed}); expiry gap ${gap} is beyond the listed chain.`,
    );
  }
  return expiry;
}

/** The next expiry of a type after `expiry` (rollover), or null when the master lists none. */
export function nextListedExpiry(chain: ExpiryChain, expiryType: ExpiryType, expiry: string): string | null {
  return listedExpiriesOf(chain, expiryType).find((candidate) => candidate > expiry) ?? null;
}
