import type { Instrument } from '../../../shared/domain/instruments';
import { EXCHANGES } from '../../../shared/domain/ranges';
import type { LoadedMaster } from '../../market/instrument-master';
import { expiryChainOf, type ExpiryChain } from '../../market/listed-expiries';

/**
 * The instrument master seen the way signals ask for it: a trading symbol on any exchange, and an
 * underlying's futures and option chains by expiry. Built once per loaded master (a reload makes a new
 * master object, so a stale index is never used) and kept while that master is.
 */
export type Exchange = (typeof EXCHANGES)[number];

export interface MasterLookup {
  /** The instrument with this trading symbol, on `exchange` or else the first exchange listing it (NSE, BSE, NFO, BFO, MCX). */
  bySymbol(symbol: string, exchange: Exchange | null): Instrument | null;
  /** The underlying's derivatives of one type (FUT, CE, PE) expiring on `expiry` (yyyy-MM-dd), lowest strike first. */
  derivatives(underlying: string, type: 'FUT' | 'CE' | 'PE', expiry: string): readonly Instrument[];
  /** The underlying's cash instrument (an equity listed under its own name), null for indices and commodities. */
  cash(underlying: string): Instrument | null;
  /** The expiries the master lists for the underlying's derivatives (on NFO, else BFO, else MCX); null when it lists none. */
  expiryChain(underlying: string): ExpiryChain | null;
}

const DERIVATIVE_EXCHANGES = ['NFO', 'BFO', 'MCX'] as const;

const NO_INSTRUMENTS: readonly Instrument[] = [];

function derivativeKey(underlying: string, type: string, expiry: string): string {
  return `${underlying}|${type}|${expiry}`;
}

function buildLookup(master: LoadedMaster): MasterLookup {
  const derivatives = new Map<string, Instrument[]>();
  const byUnderlying = new Map<string, Instrument[]>();
  for (const instrument of master.instruments) {
    if (instrument.instrument_type === 'EQ' || instrument.expiry === null) continue;
    const rows = byUnderlying.get(instrument.name) ?? [];
    rows.push(instrument);
    byUnderlying.set(instrument.name, rows);
    const key = derivativeKey(instrument.name, instrument.instrument_type, instrument.expiry);
    const list = derivatives.get(key) ?? [];
    list.push(instrument);
    derivatives.set(key, list);
  }
  for (const list of derivatives.values()) list.sort((a, b) => (a.strike ?? 0) - (b.strike ?? 0) || a.exchange.localeCompare(b.exchange));
  const bySymbol = (symbol: string, exchange: Exchange | null): Instrument | null => {
    const exchanges = exchange === null ? EXCHANGES : [exchange];
    for (const candidate of exchanges) {
      const found = master.byScriptId.get(`${candidate}:${symbol}`);
      if (found) return found;
    }
    return null;
  };
  const chains = new Map<string, ExpiryChain | null>();
  const expiryChain = (underlying: string): ExpiryChain | null => {
    if (!chains.has(underlying)) {
      const rows = byUnderlying.get(underlying) ?? [];
      const exchange = DERIVATIVE_EXCHANGES.find((candidate) => rows.some((row) => row.exchange === candidate));
      chains.set(underlying, exchange ? expiryChainOf(underlying, exchange, rows.filter((row) => row.exchange === exchange)) : null);
    }
    return chains.get(underlying) ?? null;
  };
  return {
    bySymbol,
    expiryChain,
    derivatives: (underlying, type, expiry) => derivatives.get(derivativeKey(underlying, type, expiry)) ?? NO_INSTRUMENTS,
    cash: (underlying) => {
      const found = bySymbol(underlying, null);
      return found?.instrument_type === 'EQ' ? found : null;
    },
  };
}

const lookups = new WeakMap<LoadedMaster, MasterLookup>();

export function masterLookupOf(master: LoadedMaster): MasterLookup {
  let lookup = lookups.get(master);
  if (!lookup) {
    lookup = buildLookup(master);
    lookups.set(master, lookup);
  }
  return lookup;
}
