import type { Instrument, InstrumentType } from '../../shared/domain/instruments';
import type { EXCHANGES } from '../../shared/domain/ranges';
import { isNearMatch } from './fuzzy';
import { compareEntries, type BaseGroup, type SearchEntry, type SearchIndex } from './search-index';
import { parseQuery, type ParsedQuery } from './search-query';

/**
 * Script search over a loaded master. Ranking: exact > prefix > substring > fuzzy (typos), on base
 * names, names and trading symbols; inside one base, equities first, then futures, then options by
 * nearest expiry and strikes nearest the money. Contracts already expired on `today` come last.
 */
export const MAX_SEARCH_RESULTS = 50;

export interface ScriptSearch {
  readonly text: string;
  readonly types?: readonly InstrumentType[];
  readonly exchange?: (typeof EXCHANGES)[number];
  /** `base-name` compares the text with base names only (search by exchange + base_name). */
  readonly match?: 'symbol-or-name' | 'base-name';
  /** Market day number; contracts expiring before it are listed after live ones. */
  readonly today?: number;
  readonly limit?: number;
}

/** Match quality of a base group, best first; a base-name match outranks a name match of the same kind. */
const TIERS = { exactBase: 0, exactName: 1, basePrefix: 2, namePrefix: 3, baseSubstring: 4, nameSubstring: 5 } as const;

type EntryFilter = (entry: SearchEntry) => boolean;

/** The caller's own limits: exchange and script types. */
function scopeFilter(search: ScriptSearch): EntryFilter {
  return ({ instrument }) =>
    (search.exchange === undefined || instrument.exchange === search.exchange) &&
    (search.types === undefined || search.types.includes(instrument.instrument_type));
}

/** The scope, plus what the text asks for: types, months, strikes or expiry days. */
function entryFilter(search: ScriptSearch, query: ParsedQuery): EntryFilter {
  const inScope = scopeFilter(search);
  return (entry) => {
    const { instrument, expiryMonth, expiryDate, strikeText } = entry;
    return (
      inScope(entry) &&
      (query.types.length === 0 || query.types.includes(instrument.instrument_type)) &&
      (query.months.length === 0 || (expiryMonth !== null && query.months.includes(expiryMonth))) &&
      query.numbers.every((number) => strikeText?.startsWith(number) === true || expiryDate === number.padStart(2, '0'))
    );
  };
}

function groupTier(group: BaseGroup, query: ParsedQuery, baseOnly: boolean): number | null {
  const { joined, words } = query;
  if (joined === '') return TIERS.baseSubstring;
  if (group.base === joined) return TIERS.exactBase;
  if (!baseOnly && group.names.includes(words)) return TIERS.exactName;
  if (group.base.startsWith(joined)) return TIERS.basePrefix;
  if (!baseOnly && group.names.some((name) => name.startsWith(words))) return TIERS.namePrefix;
  if (group.base.includes(joined)) return TIERS.baseSubstring;
  if (!baseOnly && group.names.some((name) => name.includes(words))) return TIERS.nameSubstring;
  return null;
}

function rankGroups(groups: readonly BaseGroup[], query: ParsedQuery, baseOnly: boolean): BaseGroup[] {
  return groups
    .flatMap((group) => {
      const tier = groupTier(group, query, baseOnly);
      return tier === null ? [] : [{ group, tier }];
    })
    .sort((a, b) => a.tier - b.tier || a.group.base.length - b.group.base.length || (a.group.base < b.group.base ? -1 : 1))
    .map(({ group }) => group);
}

function fuzzyGroups(groups: readonly BaseGroup[], query: ParsedQuery, baseOnly: boolean, taken: ReadonlySet<BaseGroup>): BaseGroup[] {
  const targetsOf = (group: BaseGroup) => (baseOnly ? [group.base] : group.typoTargets);
  return groups.filter((group) => !taken.has(group) && targetsOf(group).some((target) => isNearMatch(query.joined, target)));
}

/** Walks entry lists in rank order: live contracts until `limit`, then expired ones if room is left. */
function collect(lists: readonly (readonly SearchEntry[])[], accepts: EntryFilter, today: number, limit: number): Instrument[] {
  const live: Instrument[] = [];
  const expired: Instrument[] = [];
  for (const entries of lists) {
    for (const entry of entries) {
      if (!accepts(entry)) continue;
      if (entry.expiryDay !== null && entry.expiryDay < today) expired.push(entry.instrument);
      else live.push(entry.instrument);
      if (live.length >= limit) return live;
    }
  }
  return [...live, ...expired].slice(0, limit);
}

function firstAtOrAfter(sorted: readonly SearchEntry[], symbol: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle]?.symbol ?? '') < symbol) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A typed or pasted trading symbol with a date in it (`NIFTY30DEC2524000CE`, `nifty 30 dec 25 24000 ce`):
 * the exact symbol, then — for text typed without spaces (`NIFTY30DEC25`) — symbols it begins.
 */
function symbolMatches(index: SearchIndex, compact: string, withPrefixes: boolean): SearchEntry[][] | null {
  if (!/\d/.test(compact) || !/[A-Z]/.test(compact)) return null;
  const exact: SearchEntry[] = [];
  const prefixed: SearchEntry[] = [];
  for (let i = firstAtOrAfter(index.bySymbol, compact); i < index.bySymbol.length; i += 1) {
    const entry = index.bySymbol[i];
    if (!entry?.symbol.startsWith(compact) || (!withPrefixes && entry.symbol !== compact)) break;
    (entry.symbol === compact ? exact : prefixed).push(entry);
  }
  return exact.length + prefixed.length === 0 ? null : [exact, prefixed.sort(compareEntries)];
}

export function searchInstruments(index: SearchIndex, search: ScriptSearch): Instrument[] {
  const limit = Math.min(search.limit ?? MAX_SEARCH_RESULTS, MAX_SEARCH_RESULTS);
  const query = parseQuery(search.text);
  const accepts = entryFilter(search, query);
  const today = search.today ?? -Infinity;
  const baseOnly = search.match === 'base-name';

  const bySymbol = baseOnly ? null : symbolMatches(index, query.compact, !/\s/.test(search.text.trim()));
  if (bySymbol) {
    const found = collect(bySymbol, scopeFilter(search), today, limit);
    if (found.length > 0) return found;
  }
  const ranked = rankGroups(index.groups, query, baseOnly);
  const found = collect(ranked.map((group) => group.entries), accepts, today, limit);
  if (found.length >= limit || query.joined === '') return found;
  const typos = fuzzyGroups(index.groups, query, baseOnly, new Set(ranked));
  if (typos.length === 0) return found;
  return collect([...ranked, ...typos].map((group) => group.entries), accepts, today, limit);
}
