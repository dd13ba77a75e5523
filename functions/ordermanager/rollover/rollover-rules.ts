import type { Instrument } from '../../../shared/domain/instruments';
import { parseDay } from '../../../shared/domain/market-clock';
import { clockTextOf, sessionOn } from '../../broker-adapters/paper/market-hours';
import { instantOn, venueOf, type RolloverPositionSettings } from './rollover-calendar';

/**
 * The rollover rules that need the instrument (the contract checks the fields alone): only a contract
 * that expires rolls (F&O on NFO, BFO, MCX), and its rollover time falls inside that contract's session
 * on its expiry day (MCX sessions run later than NSE's, and some MCX agri ones end early). For adding
 * and editing a position (functions/ordermanager/position-book.ts).
 */
export function rolloverRefusal(instrument: Instrument, settings: RolloverPositionSettings): string | null {
  if (!settings.is_rollover) return null;
  const expiryDay = instrument.expiry === null ? null : parseDay(instrument.expiry);
  if (venueOf(instrument) === null || expiryDay === null) return `${instrument.trading_symbol} does not expire: only futures and options roll over.`;
  if (!settings.rollover_time) return null;
  const session = sessionOn(instrument, expiryDay);
  const at = instantOn(expiryDay, settings.rollover_time);
  if (at >= session.opensAt && at < session.closesAt) return null;
  return `The rollover time must be within ${instrument.exchange}'s session for ${instrument.trading_symbol}, ${clockTextOf(session.opensAt)} to before ${clockTextOf(session.closesAt)}.`;
}

/**
 * A position's rollover settings after an edit: the stored ones with the named changes over them (an
 * edit that names none keeps them), checked as a whole (switched on, it names its day and time).
 */
export interface StoredRolloverSettings {
  readonly is_rollover: boolean;
  readonly rollover_gap: number | null;
  readonly rollover_time: string | null;
}

export function rolloverSettingsAfterEdit(stored: RolloverPositionSettings, changes: RolloverPositionSettings): { readonly settings: StoredRolloverSettings; readonly problem: string | null } {
  const settings: StoredRolloverSettings = {
    is_rollover: changes.is_rollover ?? stored.is_rollover ?? false,
    rollover_gap: changes.rollover_gap !== undefined ? changes.rollover_gap : (stored.rollover_gap ?? null),
    rollover_time: changes.rollover_time !== undefined ? changes.rollover_time : (stored.rollover_time ?? null),
  };
  const missing = settings.is_rollover && (settings.rollover_gap === null || settings.rollover_time === null);
  return { settings, problem: missing ? 'A rollover needs the trading days before expiry and the time to roll at.' : null };
}
