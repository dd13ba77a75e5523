import type { Instrument } from '../../shared/domain/instruments';
import { parseDay } from '../../shared/domain/market-clock';
import { contractCutoff } from './contract-cutoff';
import type { LoadedMaster } from './instrument-master';
import { strikeStep } from './strike-selection';

/**
 * The instrument master's options by underlying, expiry and strike: what the option chain reads.
 * Built once per loaded master (a reload makes a new master object, so a stale index is never used).
 */
export const OPTION_EXCHANGE_ORDER = ['NFO', 'BFO', 'MCX'] as const;
export type OptionExchange = (typeof OPTION_EXCHANGE_ORDER)[number];

export interface StrikePair {
  readonly strike: number;
  readonly ce: Instrument | null;
  readonly pe: Instrument | null;
}

export interface UnderlyingOptions {
  readonly underlying: string;
  readonly exchange: OptionExchange;
  /** Every listed option expiry, yyyy-MM-dd ascending (expired ones included: `liveExpiries` drops them). */
  readonly expiries: readonly string[];
  /** An expiry's strikes, lowest first; empty for an expiry the master does not list. */
  pairs(expiry: string): readonly StrikePair[];
  /** The cash listing of the underlying (NSE, else BSE), null for indices and commodities. */
  readonly cash: Instrument | null;
}

export interface OptionChainIndex {
  /** The underlying's options on `exchange`, or on the first of NFO, BFO, MCX that lists them; null when none does. */
  find(underlying: string, exchange?: OptionExchange): UnderlyingOptions | null;
  /** Every underlying with options, by name. */
  readonly all: readonly UnderlyingOptions[];
}

/** The expiries whose cut-off (the close of their expiry day's session) is still ahead at `at`. */
export function liveExpiries(options: UnderlyingOptions, at: Date): readonly string[] {
  return options.expiries.filter((expiry) => {
    const cutoff = parseDay(expiry) === null ? null : contractCutoff({ exchange: options.exchange, name: options.underlying, expiry });
    return cutoff !== null && cutoff.getTime() > at.getTime();
  });
}

/** The strike step of an expiry's chain (the smallest gap), null with a single strike. */
export function strikeStepOf(pairs: readonly StrikePair[]): number | null {
  return strikeStep(pairs.map((pair) => pair.strike));
}

const isOptionExchange = (exchange: string): exchange is OptionExchange => (OPTION_EXCHANGE_ORDER as readonly string[]).includes(exchange);

function buildIndex(master: LoadedMaster): OptionChainIndex {
  /** exchange|underlying → expiry → strike → pair */
  const chains = new Map<string, Map<string, Map<number, { ce: Instrument | null; pe: Instrument | null }>>>();
  for (const row of master.instruments) {
    if ((row.instrument_type !== 'CE' && row.instrument_type !== 'PE') || row.expiry === null || row.strike === null || !isOptionExchange(row.exchange)) continue;
    const key = `${row.exchange}|${row.name}`;
    const byExpiry = chains.get(key) ?? new Map<string, Map<number, { ce: Instrument | null; pe: Instrument | null }>>();
    chains.set(key, byExpiry);
    const byStrike = byExpiry.get(row.expiry) ?? new Map<number, { ce: Instrument | null; pe: Instrument | null }>();
    byExpiry.set(row.expiry, byStrike);
    const pair = byStrike.get(row.strike) ?? { ce: null, pe: null };
    if (row.instrument_type === 'CE') pair.ce = row;
    else pair.pe = row;
    byStrike.set(row.strike, pair);
  }
  const cashOf = (underlying: string): Instrument | null => {
    for (const exchange of ['NSE', 'BSE']) {
      const found = master.byScriptId.get(`${exchange}:${underlying}`);
      if (found?.instrument_type === 'EQ') return found;
    }
    return null;
  };
  const byKey = new Map<string, UnderlyingOptions>();
  for (const [key, byExpiry] of chains) {
    const [exchange = '', underlying = ''] = key.split('|');
    if (!isOptionExchange(exchange)) continue;
    const sortedPairs = new Map<string, readonly StrikePair[]>();
    for (const [expiry, byStrike] of byExpiry) {
      sortedPairs.set(
        expiry,
        [...byStrike.entries()].sort(([a], [b]) => a - b).map(([strike, pair]) => ({ strike, ...pair })),
      );
    }
    byKey.set(key, {
      underlying,
      exchange,
      expiries: [...byExpiry.keys()].sort(),
      pairs: (expiry) => sortedPairs.get(expiry) ?? [],
      cash: exchange === 'MCX' ? null : cashOf(underlying),
    });
  }
  const all = [...byKey.values()].sort((a, b) => a.underlying.localeCompare(b.underlying) || OPTION_EXCHANGE_ORDER.indexOf(a.exchange) - OPTION_EXCHANGE_ORDER.indexOf(b.exchange));
  return {
    all,
    find(underlying, exchange) {
      const exchanges = exchange ? [exchange] : OPTION_EXCHANGE_ORDER;
      for (const candidate of exchanges) {
        const found = byKey.get(`${candidate}|${underlying}`);
        if (found) return found;
      }
      return null;
    },
  };
}

const indexes = new WeakMap<LoadedMaster, OptionChainIndex>();

export function optionChainIndexOf(master: LoadedMaster): OptionChainIndex {
  let index = indexes.get(master);
  if (!index) {
    index = buildIndex(master);
    indexes.set(master, index);
  }
  return index;
}
