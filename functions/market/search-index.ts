import type { Instrument } from '../../shared/domain/instruments';
import { EXCHANGES } from '../../shared/domain/ranges';
import { dayOf } from './calendar-days';
import { strikeStep } from './strike-selection';
import { baseNameOf, MONTH_CODES, strikeText } from './symbol-format';

/**
 * The search structures, built once per loaded master (never per query): instruments grouped by base
 * name and pre-sorted the way results are listed, plus every trading symbol in sorted order for exact
 * and prefix look-ups by binary search.
 */
export interface SearchEntry {
  readonly instrument: Instrument;
  readonly symbol: string;
  readonly expiryDay: number | null;
  /** `NOV`, for queries like "NIFTY NOV FUT". */
  readonly expiryMonth: string | null;
  /** `25`, the day of the month. */
  readonly expiryDate: string | null;
  readonly strikeText: string | null;
  /** Options: strikes away from the middle of their chain (or the reference price), in strike steps. */
  readonly atmDistance: number;
}

export interface BaseGroup {
  readonly base: string;
  /** Upper-cased names of the group's instruments (company name, underlying). */
  readonly names: readonly string[];
  /** The base and every word of the names: what a typo is compared with. */
  readonly typoTargets: readonly string[];
  readonly entries: readonly SearchEntry[];
}

export interface SearchIndex {
  readonly groups: readonly BaseGroup[];
  readonly bySymbol: readonly SearchEntry[];
  readonly size: number;
}

export interface SearchIndexOptions {
  /** The underlying's price, to rank strikes near the money first; default: the middle strike of each chain. */
  readonly referencePriceOf?: (base: string) => number | undefined;
}

const EXCHANGE_ORDER = new Map<string, number>(EXCHANGES.map((exchange, rank) => [exchange, rank]));
/** Equities, then futures, then options (whose calls and puts interleave by strike). */
const KIND_ORDER: Readonly<Record<Instrument['instrument_type'], number>> = { EQ: 0, FUT: 1, CE: 2, PE: 2 };
const SIDE_ORDER: Readonly<Record<Instrument['instrument_type'], number>> = { EQ: 0, FUT: 0, CE: 0, PE: 1 };

function chainKey(instrument: Instrument): string {
  return `${instrument.exchange}|${instrument.name}|${instrument.expiry ?? ''}`;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function median(sorted: readonly number[]): number {
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/** Centre and step of every option chain (one underlying, exchange and expiry). */
function chainShapes(instruments: readonly Instrument[], options: SearchIndexOptions) {
  const strikesByChain = new Map<string, number[]>();
  for (const instrument of instruments) {
    if (instrument.strike === null) continue;
    pushTo(strikesByChain, chainKey(instrument), instrument.strike);
  }
  const shapes = new Map<string, { centre: number; step: number }>();
  for (const [key, strikes] of strikesByChain) {
    const sorted = [...new Set(strikes)].sort((a, b) => a - b);
    const base = key.split('|')[1] ?? '';
    shapes.set(key, { centre: options.referencePriceOf?.(base) ?? median(sorted), step: strikeStep(sorted) ?? 1 });
  }
  return shapes;
}

function toEntry(instrument: Instrument, shapes: ReturnType<typeof chainShapes>): SearchEntry {
  const shape = shapes.get(chainKey(instrument));
  const { expiry, strike } = instrument;
  return {
    instrument,
    symbol: instrument.trading_symbol.toUpperCase(),
    expiryDay: expiry === null ? null : dayOf(expiry),
    expiryMonth: expiry === null ? null : (MONTH_CODES[Number(expiry.slice(5, 7)) - 1] ?? null),
    expiryDate: expiry === null ? null : expiry.slice(8, 10),
    strikeText: strike === null ? null : strikeText(strike),
    atmDistance: strike === null || !shape ? 0 : Math.round(Math.abs(strike - shape.centre) / shape.step),
  };
}

/** Listing order inside a base: equities, then by expiry (the future first, then strikes nearest the money). */
export function compareEntries(a: SearchEntry, b: SearchEntry): number {
  const left = a.instrument;
  const right = b.instrument;
  return (
    KIND_ORDER[left.instrument_type] - KIND_ORDER[right.instrument_type] ||
    (a.expiryDay ?? 0) - (b.expiryDay ?? 0) ||
    a.atmDistance - b.atmDistance ||
    (left.strike ?? 0) - (right.strike ?? 0) ||
    SIDE_ORDER[left.instrument_type] - SIDE_ORDER[right.instrument_type] ||
    (EXCHANGE_ORDER.get(left.exchange) ?? 0) - (EXCHANGE_ORDER.get(right.exchange) ?? 0)
  );
}

export function buildSearchIndex(instruments: readonly Instrument[], options: SearchIndexOptions = {}): SearchIndex {
  const shapes = chainShapes(instruments, options);
  const entries = instruments.map((instrument) => toEntry(instrument, shapes));
  const byBase = new Map<string, SearchEntry[]>();
  for (const entry of entries) {
    pushTo(byBase, baseNameOf(entry.instrument).toUpperCase(), entry);
  }
  const groups = [...byBase.entries()]
    .map(([base, members]) => {
      const names = [...new Set(members.map((entry) => entry.instrument.name.toUpperCase()))];
      return { base, names, typoTargets: [...new Set([base, ...names.flatMap((name) => name.split(' '))])], entries: members.sort(compareEntries) };
    })
    .sort((a, b) => (a.base < b.base ? -1 : a.base > b.base ? 1 : 0));
  const bySymbol = [...entries].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : compareEntries(a, b)));
  return { groups, bySymbol, size: entries.length };
}
