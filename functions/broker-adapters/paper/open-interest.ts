import type { Instrument } from '../../../shared/domain/instruments';
import { marketDayOf, parseDay } from '../../../shared/domain/market-clock';
import { INDEX_UNDERLYINGS } from '../../market/underlyings';
import { sessionOn, type Session } from './market-hours';
import { createPriceFeed, type PriceFeed } from './price-feed';
import { gaussianAt, hashText, uniformAt } from './seeded-random';

/**
 * SIMULATED open interest of the paper market. No exchange publishes it here, so it is drawn, like the
 * price feed, as a pure function of (seed, contract, minute): every process reads the same figure for
 * the same minute without sharing anything. It only has to look like a real chain's, so a trader can
 * practise reading one; it is never a real market's figure.
 *
 * - A contract's open interest, in units (a whole number of lots), is the day's base figure times a
 *   slow drift through the session. Before the open it reads the open's figure, after the close the
 *   close's; each day starts again from its own base (it does not carry over from the day before).
 * - The base is largest a little out of the money (calls just above the underlying, puts just below,
 *   measured against the underlying's level at the day's open, so it does not jump with every tick),
 *   falls away faster into the money than out of it (over a wider range the further the expiry), is larger at round strikes (multiples of 1,000,
 *   500 and 100 on a 24,000 index; 100 and 50 on a 1,250 stock) and in nearer expiries, and varies by
 *   contract; an index chain holds far more than a stock's or a commodity's.
 * - Through the session it drifts linearly by a per-contract, per-day rate (-15 % to +35 % by the
 *   close), with a small smooth wobble, and moves once a minute.
 * - Futures follow the same rules without the strike's shape; cash equities have none (null).
 */
export const DEFAULT_OPEN_INTEREST_SEED = 'tradebridge-paper-oi';

export interface OpenInterestReading {
  /** Units held open (lots × lot size). */
  readonly oi: number;
  /** Units added (or, negative, closed) since the session opened. */
  readonly change: number;
}

type Size = 'index' | 'stock' | 'commodity';

/** The base a contract at the peak of its chain holds, in lots, by the kind of underlying. */
const PEAK_LOTS: Readonly<Record<Size, number>> = { index: 110_000, stock: 3_500, commodity: 1_800 };
/**
 * Moneyness, as a log-distance from the level, that counts as one unit of the shape below: 3 % a month
 * from expiry, narrower nearer it (with the square root of the time left), never under 0.8 %.
 */
const MONTHLY_MONEYNESS_UNIT = 0.03;
const MIN_MONEYNESS_UNIT = 0.008;
/** The peak sits this many units out of the money; the out-of-the-money side falls away slower. */
const PEAK_OFFSET = 0.4;
const OUT_OF_MONEY_WIDTH = 1.8;
const IN_THE_MONEY_WIDTH = 0.8;
const FUTURE_SHARE = 1.4;
const DRIFT_LOW = -0.15;
const DRIFT_HIGH = 0.35;
/** The wobble: knots every 15 minutes of the session, each a normal draw of this deviation (knot 0 is 0). */
const WOBBLE_KNOTS = 26;
const WOBBLE_DEVIATION = 0.012;
const MS_PER_MINUTE = 60_000;
const DAYS_PER_EXPIRY_FACTOR = 25;

function sizeOf(instrument: Instrument): Size {
  if (instrument.exchange === 'MCX') return 'commodity';
  return instrument.name in INDEX_UNDERLYINGS ? 'index' : 'stock';
}

/** Larger at round strikes: multiples of a tenth, a twentieth and a hundredth of the strike's magnitude. */
function roundness(strike: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(strike, 1)));
  const isMultiple = (of: number) => of >= 1 && Math.abs(strike / of - Math.round(strike / of)) < 1e-9;
  if (isMultiple(magnitude / 10)) return 1.6;
  if (isMultiple(magnitude / 20)) return 1.3;
  if (isMultiple(magnitude / 100)) return 1.1;
  return 1;
}

function daysLeftOf(instrument: Instrument, day: number): number {
  const expiryDay = instrument.expiry === null ? null : parseDay(instrument.expiry);
  return expiryDay === null ? 0 : Math.max(0, expiryDay - day);
}

/** How much of the peak an option holds at its distance from the level (1 at the peak). */
function strikeShape(instrument: Instrument, level: number, daysLeft: number): number {
  if (instrument.strike === null || instrument.strike <= 0 || level <= 0) return 1;
  const unit = Math.max(MIN_MONEYNESS_UNIT, MONTHLY_MONEYNESS_UNIT * Math.sqrt(daysLeft / 30));
  const logDistance = Math.log(instrument.strike / level) / unit;
  const outOfMoney = instrument.instrument_type === 'PE' ? -logDistance : logDistance;
  const width = outOfMoney >= PEAK_OFFSET ? OUT_OF_MONEY_WIDTH : IN_THE_MONEY_WIDTH;
  return Math.exp(-((outOfMoney - PEAK_OFFSET) ** 2) / (2 * width * width)) * roundness(instrument.strike);
}

/** Nearer expiries hold more: 1 on expiry day, about 0.56 a month out, 0.3 at the far end. */
function expiryShare(daysLeft: number): number {
  return 0.3 + 0.7 * Math.exp(-daysLeft / DAYS_PER_EXPIRY_FACTOR);
}

/** The session's share elapsed at `at`, in whole minutes: 0 before the open, 1 from the close on. */
function sessionProgress(session: Session, at: Date): number {
  const minutes = (session.closesAt.getTime() - session.opensAt.getTime()) / MS_PER_MINUTE;
  const elapsed = Math.floor((at.getTime() - session.opensAt.getTime()) / MS_PER_MINUTE);
  return Math.min(1, Math.max(0, elapsed / minutes));
}

function wobble(key: number, day: number, progress: number): number {
  const position = progress * (WOBBLE_KNOTS - 1);
  const knot = Math.floor(position);
  const at = (index: number) => (index === 0 ? 0 : WOBBLE_DEVIATION * gaussianAt(key, day, index));
  const next = Math.min(knot + 1, WOBBLE_KNOTS - 1);
  return at(knot) + (at(next) - at(knot)) * (position - knot);
}

export interface OpenInterestSource {
  /** The reading of a derivative at `at`; null for a cash equity. */
  read(instrument: Instrument, at: Date): OpenInterestReading | null;
}

/** The underlyings' levels at a day's open, kept per (underlying, day): read once per chain, not per strike. */
function openingLevels(feed: PriceFeed): (instrument: Instrument, day: number, opensAt: Date) => number {
  const remembered = new Map<string, number>();
  return (instrument, day, opensAt) => {
    const key = `${instrument.exchange}|${instrument.name}|${day}`;
    let level = remembered.get(key);
    if (level === undefined) {
      level = feed.underlyingLevel(instrument, opensAt);
      if (remembered.size >= 500) remembered.clear();
      remembered.set(key, level);
    }
    return level;
  };
}

export function createOpenInterestSource(seed: string = DEFAULT_OPEN_INTEREST_SEED, feed: PriceFeed = createPriceFeed()): OpenInterestSource {
  const levelAtOpen = openingLevels(feed);
  return {
    read(instrument, at) {
      if (instrument.instrument_type === 'EQ') return null;
      const day = marketDayOf(at);
      const session = sessionOn(instrument, day);
      const key = hashText(`${seed}|${instrument.script_id}`);
      const daysLeft = daysLeftOf(instrument, day);
      const shape = instrument.instrument_type === 'FUT' ? FUTURE_SHARE : strikeShape(instrument, levelAtOpen(instrument, day, session.opensAt), daysLeft);
      const contractShare = 0.8 + 0.4 * uniformAt(key, 0);
      const baseLots = PEAK_LOTS[sizeOf(instrument)] * shape * expiryShare(daysLeft) * contractShare;
      const drift = DRIFT_LOW + (DRIFT_HIGH - DRIFT_LOW) * uniformAt(key, day, 1);
      const lotsAt = (progress: number) => Math.max(0, Math.round(baseLots * (1 + drift * progress + wobble(key, day, progress))));
      const openLots = lotsAt(0);
      const nowLots = lotsAt(sessionProgress(session, at));
      return { oi: nowLots * instrument.lot_size, change: (nowLots - openLots) * instrument.lot_size };
    },
  };
}
