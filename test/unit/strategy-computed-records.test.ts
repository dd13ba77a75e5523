import { describe, expect, it } from 'vitest';
import { computeStrategyDays, type MasterFill } from '../../functions/group-strategies/computed-strategy-records';

let sequence = 0;
function fill(day: string, instrument: string, side: 'BUY' | 'SELL', quantity: number, price: number): MasterFill {
  sequence += 1;
  return { orderId: `01K${String(sequence).padStart(4, '0')}`, day, instrument, side, quantity, price };
}

const DAY = '2026-11-20';

describe('the record computed from a master account’s fills', () => {
  it('matches fills FIFO per instrument: partial fills, a winning and a losing round trip, open quantity not realized', () => {
    sequence = 0;
    const fills = [
      fill(DAY, 'NSE:RELIANCE', 'BUY', 10, 100),
      fill(DAY, 'NSE:TCS', 'BUY', 5, 200),
      // A partly filled sell (4 of 10) and the rest in a second order: +40 and +30.
      fill(DAY, 'NSE:RELIANCE', 'SELL', 4, 110),
      fill(DAY, 'NSE:RELIANCE', 'SELL', 6, 105),
      // The losing round trip: −50.
      fill(DAY, 'NSE:TCS', 'SELL', 5, 190),
      // Left open at the day's end: nothing realized, no round trip.
      fill(DAY, 'NSE:TCS', 'BUY', 3, 195),
      // A short partly covered: +2 realized, the round trip still open.
      fill(DAY, 'NSE:RELIANCE', 'SELL', 2, 120),
      fill(DAY, 'NSE:RELIANCE', 'BUY', 1, 118),
    ];
    expect(computeStrategyDays(fills)).toEqual([
      { date: DAY, trades: 8, realized_pnl: 22, closed_round_trips: 2, winning_round_trips: 1, win_rate: 50 },
    ]);
  });

  it('does not carry open quantity into the next day, and lists days newest first', () => {
    sequence = 0;
    const fills = [fill('2026-11-19', 'NSE:TCS', 'BUY', 3, 195), fill('2026-11-20', 'NSE:TCS', 'SELL', 3, 300)];
    expect(computeStrategyDays(fills)).toEqual([
      { date: '2026-11-20', trades: 1, realized_pnl: 0, closed_round_trips: 0, winning_round_trips: 0, win_rate: null },
      { date: '2026-11-19', trades: 1, realized_pnl: 0, closed_round_trips: 0, winning_round_trips: 0, win_rate: null },
    ]);
  });

  it('matches in order-id order, not in the order given, and rounds to paise', () => {
    sequence = 0;
    const buy = fill(DAY, 'NSE:INFY', 'BUY', 3, 100.05);
    const sell = fill(DAY, 'NSE:INFY', 'SELL', 3, 100.15);
    expect(computeStrategyDays([sell, buy])).toEqual([
      { date: DAY, trades: 2, realized_pnl: 0.3, closed_round_trips: 1, winning_round_trips: 1, win_rate: 100 },
    ]);
  });

  it('ignores orders without a fill and answers no days for none', () => {
    sequence = 0;
    expect(computeStrategyDays([fill(DAY, 'NSE:INFY', 'BUY', 0, 100)])).toEqual([]);
    expect(computeStrategyDays([])).toEqual([]);
  });

  it('counts a round trip that breaks even as not winning', () => {
    sequence = 0;
    const fills = [fill(DAY, 'NSE:INFY', 'SELL', 2, 50), fill(DAY, 'NSE:INFY', 'BUY', 2, 50)];
    expect(computeStrategyDays(fills)[0]).toMatchObject({ realized_pnl: 0, closed_round_trips: 1, winning_round_trips: 0, win_rate: 0 });
  });
});
