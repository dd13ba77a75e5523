import type { Instrument } from '../../../shared/domain/instruments';
import { formatDay, marketClockParts } from '../../../shared/domain/market-clock';
import { dayOf } from '../calendar-days';
import { isNominalExpiryDay, monthlyExpiries } from '../expiry-calendar';
import { holidayYear } from '../holiday-calendar';
import { fixedDateHolidaysText } from '../holidays';
import { tradingDayOnOrBefore } from '../trading-calendar';
import { INDEX_UNDERLYINGS } from '../underlyings';
import { holidayOverrideKey } from './holiday-overrides';

/**
 * After each daily refresh the holiday calendar is checked against what the exchanges listed (the
 * listing is what the platform trades; a difference means the calendar — usually the holiday list — is
 * wrong or out of date, and the market clock that reads it too). NSE and BSE derivatives only: MCX
 * dates come from per-contract rules the calendar only approximates. Answers the lines to tell admins.
 */
type EquityVenue = 'NSE' | 'BSE';
const VENUE_OF: Partial<Record<Instrument['exchange'], EquityVenue>> = { NFO: 'NSE', BFO: 'BSE' };
const NAMED_UNDERLYINGS = 4;

interface Disagreement {
  readonly date: string;
  readonly underlyings: Set<string>;
}

function note(map: Map<string, Disagreement>, date: string, underlying: string): void {
  const entry = map.get(date) ?? { date, underlyings: new Set<string>() };
  entry.underlyings.add(underlying);
  map.set(date, entry);
}

function describe(entries: Iterable<Disagreement>): string {
  return [...entries]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map(({ date, underlyings }) => {
      const names = [...underlyings].sort();
      const more = names.length > NAMED_UNDERLYINGS ? `, +${names.length - NAMED_UNDERLYINGS} more` : '';
      return `${date} (${names.slice(0, NAMED_UNDERLYINGS).join(', ')}${more})`;
    })
    .join(', ');
}

/** One line naming the listed expiries the calendar does not predict and the predicted ones not listed; null when they agree. */
export function expiryCalendarDifferences(instruments: readonly Instrument[], asOf: string): string | null {
  const from = dayOf(asOf);
  const chains = new Map<string, { venue: EquityVenue; options: Set<string>; futures: Set<string> }>();
  for (const row of instruments) {
    const venue = VENUE_OF[row.exchange];
    if (!venue || row.expiry === null || row.expiry < asOf) continue;
    const chain = chains.get(row.name) ?? { venue, options: new Set<string>(), futures: new Set<string>() };
    (row.instrument_type === 'FUT' ? chain.futures : chain.options).add(row.expiry);
    chains.set(row.name, chain);
  }
  const unpredicted = new Map<string, Disagreement>();
  const unlisted = new Map<string, Disagreement>();
  for (const [underlying, { venue, options, futures }] of chains) {
    const monthly = [...futures].sort();
    const lastListed = monthly.at(-1) ?? asOf;
    // The calendar's monthly expiries up to the last listed one (a missing month makes the listing one short).
    const predictedMonthly = monthlyExpiries(venue, from, monthly.length + 1).map(formatDay).filter((date) => date <= lastListed);
    for (const date of monthly) if (!predictedMonthly.includes(date)) note(unpredicted, date, underlying);
    for (const date of predictedMonthly) if (!futures.has(date)) note(unlisted, date, underlying);
    if (!INDEX_UNDERLYINGS[underlying]?.weekly) continue;
    for (const date of options) {
      const day = dayOf(date);
      // A listed weekly must be an expiry weekday, or the trading day a holiday moved it to.
      let nominal = day;
      while (!isNominalExpiryDay(venue, nominal) && nominal - day < 7) nominal += 1;
      if (tradingDayOnOrBefore(venue, nominal) !== day) note(unpredicted, date, underlying);
    }
  }
  if (unpredicted.size === 0 && unlisted.size === 0) return null;
  const parts = [
    unpredicted.size > 0 ? `listed but not predicted: ${describe(unpredicted.values())}` : null,
    unlisted.size > 0 ? `predicted but not listed: ${describe(unlisted.values())}` : null,
  ].filter((part): part is string => part !== null);
  return `Expiries in the ${asOf} instrument master differ from the holiday calendar (${parts.join('; ')}). The listing is used for orders; check the holiday list of the year (an override at ${holidayOverrideKey(Number(asOf.slice(0, 4)))} replaces it).`;
}

function missingYearLine(year: number, why: string): string {
  return `No holiday list for ${year}${why}: until one is stored, only the fixed national holidays (${fixedDateHolidaysText()}) are known for ${year}, so market hours and rollover days may be wrong. Store the exchanges' list at ${holidayOverrideKey(year)}.`;
}

/** A line when this year has no holiday list, or — from 1 December (IST) — next year has none yet. */
export function missingHolidayListLines(now: Date): string[] {
  const parts = marketClockParts(now);
  if (!parts) return [];
  const year = Number(parts.year);
  const lines: string[] = [];
  if (!holidayYear(year)) lines.push(missingYearLine(year, ''));
  if (parts.month === '12' && !holidayYear(year + 1)) lines.push(missingYearLine(year + 1, ' yet'));
  return lines;
}
