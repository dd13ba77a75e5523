import type { Instrument } from '../../../shared/domain/instruments';
import { formatDay, marketDayOf, parseDay, startOfMarketDay } from '../../../shared/domain/market-clock';
import type { CalendarVenue } from '../../market/holidays';
import { expiryKindIn, nextListedExpiry, type ExpiryChain, type ExpiryType } from '../../market/listed-expiries';
import { tradingDayOnOrBefore } from '../../market/trading-calendar';
import { DERIVATIVE_VENUES } from '../../market/underlyings';

/**
 * When a position rolls over and onto which expiry (issue 6, spec §3 `rollover_gap` / `rollover_time`),
 * on market day numbers, pure. The rollover day is the trading day `rollover_gap` trading days before
 * the contract's expiry (0 = the expiry day itself), counted on the venue's calendar (weekends and
 * holidays skipped); the rollover is due from `rollover_time` IST that day until the expiry day ends,
 * so a monitor that was down at the moment still rolls the position before it expires.
 */
export interface RolloverPositionSettings {
  readonly is_rollover?: boolean | undefined;
  readonly rollover_gap?: number | null | undefined;
  readonly rollover_time?: string | null | undefined;
}

const VENUES_BY_EXCHANGE: Readonly<Partial<Record<Instrument['exchange'], CalendarVenue>>> = DERIVATIVE_VENUES;

/** The holiday calendar of a derivative's exchange; null for a cash instrument (it never expires). */
export function venueOf(instrument: Pick<Instrument, 'exchange'>): CalendarVenue | null {
  return VENUES_BY_EXCHANGE[instrument.exchange] ?? null;
}

/** The trading day `gap` trading days before the expiry day (which is itself a trading day). */
export function rolloverDayOf(venue: CalendarVenue, expiryDay: number, gap: number): number {
  let day = tradingDayOnOrBefore(venue, expiryDay);
  for (let step = 0; step < gap; step += 1) day = tradingDayOnOrBefore(venue, day - 1);
  return day;
}

function secondsOfClock(clock: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = clock.split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

/** The instant of an IST wall-clock time (HH:mm or HH:mm:ss) on a market day. */
export function instantOn(day: number, clock: string): Date {
  return new Date(startOfMarketDay(day).getTime() + secondsOfClock(clock) * 1000);
}

/** When the position's rollover becomes due (its day at its time), or null when it does not roll. */
export function rolloverMomentOf(settings: RolloverPositionSettings, instrument: Pick<Instrument, 'exchange' | 'expiry'>): Date | null {
  const { is_rollover: on, rollover_gap: gap, rollover_time: time } = settings;
  const venue = venueOf(instrument);
  const expiryDay = instrument.expiry === null ? null : parseDay(instrument.expiry);
  if (!on || gap === null || gap === undefined || !time || venue === null || expiryDay === null) return null;
  return instantOn(rolloverDayOf(venue, expiryDay, gap), time);
}

/** Whether the rollover is due at `at`: from its moment to the end of the expiry day (after that the contract is gone). */
export function isRolloverDue(settings: RolloverPositionSettings, instrument: Pick<Instrument, 'exchange' | 'expiry'>, at: Date): boolean {
  const moment = rolloverMomentOf(settings, instrument);
  if (moment === null || instrument.expiry === null) return false;
  return at >= moment && formatDay(marketDayOf(at)) <= instrument.expiry;
}

/**
 * Whether a contract is a weekly or a monthly one, read from the master's listing (its underlying's
 * expiry chain): futures are monthly; an option expiring on a day a future of its underlying also
 * expires is monthly, any other weekly.
 */
export function expiryKindOf(instrument: Pick<Instrument, 'instrument_type' | 'expiry'>, chain: ExpiryChain): ExpiryType {
  if (instrument.instrument_type === 'FUT' || instrument.expiry === null) return 'monthly';
  return expiryKindIn(chain, instrument.expiry);
}

/** The next listed expiry (yyyy-MM-dd) of the same kind after the contract's own; throws a RangeError when the master lists none. */
export function nextExpiryOf(instrument: Pick<Instrument, 'name' | 'instrument_type' | 'expiry'>, chain: ExpiryChain): string {
  if (instrument.expiry === null) throw new RangeError(`${instrument.name} has no expiry`);
  const kind = expiryKindOf(instrument, chain);
  const next = nextListedExpiry(chain, kind, instrument.expiry);
  if (next === null) throw new RangeError(`No ${kind} expiry after ${instrument.expiry} for ${instrument.name} in the instrument master`);
  return next;
}
