import type { ComputedDay } from '../../shared/contracts/strategy-records';

/**
 * The record the platform computes from a strategy master's actual fills (issue 21), per India trading day.
 * Pure: the caller reads the orders (strategy-records.ts); this only counts.
 *
 * Rules, kept deliberately simple so an owner can check them by hand:
 * - A **trade** is one order with a fill (filled quantity > 0, at its average price); a partly filled
 *   order counts with what filled.
 * - Fills are matched **per instrument, FIFO, within one trading day**, in the order they were placed
 *   (ULID order ids). A fill first closes the oldest open lots of the opposite side, the rest opens a new
 *   lot (long after a buy, short after a sell). Realized P&L of a match = (sell price − buy price) × quantity.
 * - Quantity still open at the day's end is **not realized** and does not carry over to the next day:
 *   records describe days, and a position held overnight is a different story from a day's result.
 * - A **round trip** is one instrument's position going from flat to open and back to flat within the day;
 *   it wins when its realized P&L is above zero. Win rate = winning ÷ closed round trips (null without any).
 */
export interface MasterFill {
  /** ULID of the order: fills are matched in this order. */
  readonly orderId: string;
  /** India trading day of the order, yyyy-MM-dd. */
  readonly day: string;
  /** Identifies the instrument (exchange and trading symbol). */
  readonly instrument: string;
  readonly side: 'BUY' | 'SELL';
  readonly quantity: number;
  /** Rupees per unit. */
  readonly price: number;
}

interface OpenLot {
  quantity: number;
  readonly price: number;
}

interface InstrumentBook {
  side: 'BUY' | 'SELL' | null;
  readonly lots: OpenLot[];
  /** Realized P&L of the round trip in progress. */
  tripPnl: number;
}

const roundRupees = (value: number): number => Math.round(value * 100) / 100;

/** Matches one fill against the book; answers the P&L it realized and whether it closed a round trip. */
function applyFill(book: InstrumentBook, fill: MasterFill): { realized: number; closedTrip: number | null } {
  let remaining = fill.quantity;
  let realized = 0;
  while (remaining > 0 && book.side !== null && book.side !== fill.side && book.lots.length > 0) {
    const lot = book.lots[0]!;
    const matched = Math.min(lot.quantity, remaining);
    const perUnit = book.side === 'BUY' ? fill.price - lot.price : lot.price - fill.price;
    realized += perUnit * matched;
    lot.quantity -= matched;
    remaining -= matched;
    if (lot.quantity === 0) book.lots.shift();
  }
  book.tripPnl += realized;
  let closedTrip: number | null = null;
  if (book.lots.length === 0 && book.side !== null && book.side !== fill.side) {
    closedTrip = book.tripPnl;
    book.tripPnl = 0;
    book.side = null;
  }
  if (remaining > 0) {
    book.side = fill.side;
    book.lots.push({ quantity: remaining, price: fill.price });
  }
  return { realized, closedTrip };
}

function computeDay(day: string, fills: readonly MasterFill[]): ComputedDay {
  const books = new Map<string, InstrumentBook>();
  let realized = 0;
  let closed = 0;
  let winning = 0;
  for (const fill of [...fills].sort((a, b) => a.orderId.localeCompare(b.orderId))) {
    const book = books.get(fill.instrument) ?? { side: null, lots: [], tripPnl: 0 };
    books.set(fill.instrument, book);
    const outcome = applyFill(book, fill);
    realized += outcome.realized;
    if (outcome.closedTrip !== null) {
      closed += 1;
      if (roundRupees(outcome.closedTrip) > 0) winning += 1;
    }
  }
  return {
    date: day,
    trades: fills.length,
    realized_pnl: roundRupees(realized),
    closed_round_trips: closed,
    winning_round_trips: winning,
    win_rate: closed === 0 ? null : roundRupees((winning / closed) * 100),
  };
}

/** Every day with at least one fill, newest first. Fills without quantity are ignored. */
export function computeStrategyDays(fills: readonly MasterFill[]): ComputedDay[] {
  const byDay = new Map<string, MasterFill[]>();
  for (const fill of fills) {
    if (!(fill.quantity > 0)) continue;
    const list = byDay.get(fill.day) ?? [];
    list.push(fill);
    byDay.set(fill.day, list);
  }
  return [...byDay.keys()].sort((a, b) => b.localeCompare(a)).map((day) => computeDay(day, byDay.get(day)!));
}
