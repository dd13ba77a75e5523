import { describe, expect, it } from 'vitest';
import {
  bestPriceSoFar,
  exitLegOf,
  groupExitStatus,
  groupPnl,
  positionPnl,
  stopHit,
  stopPrice,
  targetHit,
  targetPrice,
  trailedStop,
  windowAction,
  windowPhaseAt,
  type ExitLevelType,
  type Side,
  type TrailSettings,
} from '../../shared/domain/exit-levels';
import { roundToTick } from '../../shared/domain/tick-math';
import { uniformAt } from '../../functions/broker-adapters/paper/seeded-random';

const TICK = 0.05;

describe('target and stop-loss prices from the entry', () => {
  // side, entry, type, value → target, stop
  const levels: readonly [Side, number, ExitLevelType, number, number | null, number | null][] = [
    ['BUY', 100, 'POINT', 10, 110, 90],
    ['SELL', 100, 'POINT', 10, 90, 110],
    ['BUY', 200, 'PERCENTAGE', 2.5, 205, 195],
    ['SELL', 200, 'PERCENTAGE', 2.5, 195, 205],
    ['BUY', 100, 'LTP', 107.5, 107.5, 107.5],
    ['SELL', 100, 'LTP', 93.2, 93.2, 93.2],
    ['BUY', 123.45, 'PERCENTAGE', 1, 124.7, 122.2], // 124.6845 and 122.2155 rounded to the 0.05 tick
    ['BUY', 100, 'LTP', 99.97, 99.95, 99.95], // an absolute price is put on the tick grid too
    ['BUY', 24000.05, 'POINT', 0.1, 24000.15, 23999.95], // no binary noise (24000.150000000001)
    ['BUY', 50, 'POINT', 60, 110, null], // a stop at or below zero is no stop
    ['SELL', 50, 'POINT', 50, null, 100], // nor is a target at zero
  ];
  for (const [side, entry, type, value, target, stop] of levels) {
    it(`${side} at ${entry}, ${type} ${value} → target ${target}, stop ${stop}`, () => {
      expect(targetPrice(side, entry, { type, value }, TICK)).toBe(target);
      expect(stopPrice(side, entry, { type, value }, TICK)).toBe(stop);
    });
  }
});

describe('hit tests: touching the level counts', () => {
  // side, ltp, level → target hit, stop hit
  const hits: readonly [Side, number, number, boolean, boolean][] = [
    ['BUY', 110, 110, true, true],
    ['BUY', 110.05, 110, true, false],
    ['BUY', 109.95, 110, false, true],
    ['SELL', 90, 90, true, true],
    ['SELL', 89.95, 90, true, false],
    ['SELL', 90.05, 90, false, true],
  ];
  for (const [side, ltp, level, target, stop] of hits) {
    it(`${side} at LTP ${ltp} against ${level}: target ${target}, stop ${stop}`, () => {
      expect(targetHit(side, ltp, level)).toBe(target);
      expect(stopHit(side, ltp, level)).toBe(stop);
    });
  }
});

describe('trailing stop: move the stop by trail_point each trail_gap after trail_trigger', () => {
  const points = (trigger: number, gap: number, point: number): TrailSettings => ({ type: 'POINT', trigger, gap, point });
  // name, side, entry, initial stop, best price so far, trail → stop
  const table: readonly [string, Side, number, number, number, TrailSettings, number][] = [
    ['BUY, no favourable move yet', 'BUY', 100, 95, 100, points(10, 5, 2), 95],
    ['BUY, just short of the trigger', 'BUY', 100, 95, 109.95, points(10, 5, 2), 95],
    ['BUY, at the trigger: trailing armed, no step yet', 'BUY', 100, 95, 110, points(10, 5, 2), 95],
    ['BUY, one tick short of the first gap', 'BUY', 100, 95, 114.95, points(10, 5, 2), 95],
    ['BUY, one gap after the trigger', 'BUY', 100, 95, 115, points(10, 5, 2), 97],
    ['BUY, two gaps after the trigger', 'BUY', 100, 95, 120, points(10, 5, 2), 99],
    ['BUY, three gaps after: the stop passes the entry (locks profit)', 'BUY', 100, 95, 127, points(10, 5, 2), 101],
    ['BUY, trigger 0 is the classic trail from entry', 'BUY', 100, 95, 105, points(0, 5, 5), 100],
    ['BUY, a reached step counts despite binary fractions (100.3 − 100 = 0.2999…)', 'BUY', 100, 99, 100.3, points(0, 0.1, 0.1), 99.3],
    ['SELL, before the trigger', 'SELL', 100, 105, 91, points(10, 5, 2), 105],
    ['SELL, one gap after the trigger', 'SELL', 100, 105, 85, points(10, 5, 2), 103],
    ['SELL, two gaps after the trigger', 'SELL', 100, 105, 80, points(10, 5, 2), 101],
    ['BUY, percentages of the entry price', 'BUY', 200, 190, 206, { type: 'PERCENTAGE', trigger: 1, gap: 1, point: 0.5 }, 192],
    ['SELL, percentages of the entry price', 'SELL', 200, 210, 194, { type: 'PERCENTAGE', trigger: 1, gap: 1, point: 0.5 }, 208],
    ['BUY, a percentage step rounded to the tick', 'BUY', 123.45, 118, 124.7, { type: 'PERCENTAGE', trigger: 0, gap: 1, point: 1 }, 119.25],
  ];
  for (const [name, side, entryPrice, initialStop, bestPrice, trail, stop] of table) {
    it(name, () => {
      expect(trailedStop({ side, entryPrice, initialStop, bestPrice, trail, tick: TICK })).toBe(stop);
    });
  }

  it('follows the best price, not the last one: a pull-back leaves the stop where it was', () => {
    let best: number | null = null;
    for (const ltp of [100, 112, 121, 116, 108]) best = bestPriceSoFar('BUY', best, ltp);
    expect(best).toBe(121);
    expect(bestPriceSoFar('SELL', 90, 95)).toBe(90);
    expect(bestPriceSoFar('SELL', 90, 85)).toBe(85);
  });

  it('never moves against the position, and never beyond the best price, over random price paths (property)', () => {
    const sides: readonly Side[] = ['BUY', 'SELL'];
    let pathsThatTrailed = 0;
    for (let path = 0; path < 200; path += 1) {
      const side = sides[path % 2] ?? 'BUY';
      const sign = side === 'BUY' ? 1 : -1;
      const entryPrice = roundToTick(100 + uniformAt(7, path, 0) * 50, TICK);
      const gap = 0.5 + Math.round(uniformAt(7, path, 1) * 40) * TICK;
      const trail: TrailSettings = { type: 'POINT', trigger: Math.round(uniformAt(7, path, 2) * 100) * TICK, gap, point: Math.max(TICK, Math.round((uniformAt(7, path, 3) * gap) / TICK) * TICK) };
      const initialStop = roundToTick(entryPrice - sign * 5, TICK);
      let ltp = entryPrice;
      let best: number | null = null;
      let previousStop = initialStop;
      for (let step = 1; step <= 300; step += 1) {
        ltp = Math.max(TICK, ltp + (uniformAt(11, path, step) - 0.5) * 2);
        best = bestPriceSoFar(side, best, ltp);
        const stop = trailedStop({ side, entryPrice, initialStop, bestPrice: best, trail, tick: TICK });
        expect(sign * (stop - previousStop)).toBeGreaterThanOrEqual(0);
        expect(sign * (best - stop)).toBeGreaterThanOrEqual(0);
        previousStop = stop;
      }
      if (previousStop !== initialStop) pathsThatTrailed += 1;
    }
    // The paths must exercise trailing, or the checks above prove nothing.
    expect(pathsThatTrailed).toBeGreaterThan(50);
  });
});

describe('group target / stop-loss in money', () => {
  it('sums position P&L in rupees to the paisa', () => {
    expect(positionPnl('BUY', 100, 101.1, 75)).toBe(82.5);
    expect(positionPnl('SELL', 100, 101.1, 75)).toBe(-82.5);
    expect(groupPnl([0.1, 0.2, -0.05])).toBe(0.25);
  });

  // total P&L, target, stop-loss → status
  const table: readonly [number, number | null, number | null, 'GROUP_TGT' | 'GROUP_SL' | null][] = [
    [4999.99, 5000, 2000, null],
    [5000, 5000, 2000, 'GROUP_TGT'],
    [7500, 5000, null, 'GROUP_TGT'],
    [-1999.99, 5000, 2000, null],
    [-2000, 5000, 2000, 'GROUP_SL'],
    [-2500, null, 2000, 'GROUP_SL'],
    [1_000_000, null, null, null],
    [-1_000_000, 5000, null, null],
  ];
  for (const [pnl, target, stopLoss, status] of table) {
    it(`P&L ${pnl} with target ${target} and stop-loss ${stopLoss} → ${status}`, () => {
      expect(groupExitStatus(pnl, { target, stopLoss })).toBe(status);
    });
  }
});

describe('trading window (START_TIME / END_TIME legs, IST)', () => {
  const ist = (clock: string) => new Date(`2025-11-20T${clock}+05:30`);
  const phases: readonly [string | null, string | null, string, 'before' | 'inside' | 'after'][] = [
    ['09:30', '15:00', '09:29:59', 'before'],
    ['09:30', '15:00', '09:30:00', 'inside'],
    ['09:30', '15:00', '14:59:59', 'inside'],
    ['09:30', '15:00', '15:00:00', 'after'],
    ['09:30:30', null, '09:30:29', 'before'],
    [null, '15:10', '09:00:00', 'inside'],
    [null, null, '23:59:59', 'inside'],
  ];
  for (const [start, end, clock, phase] of phases) {
    it(`${clock} against ${start ?? '—'}…${end ?? '—'} is ${phase}`, () => {
      expect(windowPhaseAt({ start, end }, ist(clock))).toBe(phase);
    });
  }

  const actions: readonly ['WAITING' | 'OPEN', 'before' | 'inside' | 'after', string][] = [
    ['WAITING', 'before', 'wait'],
    ['WAITING', 'inside', 'none'],
    ['WAITING', 'after', 'cancel'],
    ['OPEN', 'before', 'none'],
    ['OPEN', 'inside', 'none'],
    ['OPEN', 'after', 'exit'],
  ];
  for (const [status, phase, action] of actions) {
    it(`a ${status} position ${phase} the window: ${action}`, () => {
      expect(windowAction(status, phase)).toBe(action);
    });
  }
});

describe('the leg that exits an open position', () => {
  const table: readonly [string, Side, number, number | null, number | null, 'before' | 'inside' | 'after', 'TGT' | 'SL' | 'END_TIME' | null][] = [
    ['holds between the levels', 'BUY', 105, 110, 95, 'inside', null],
    ['target', 'BUY', 110, 110, 95, 'inside', 'TGT'],
    ['stop-loss', 'BUY', 94, 110, 95, 'inside', 'SL'],
    ['SELL target', 'SELL', 89, 90, 105, 'inside', 'TGT'],
    ['SELL stop-loss', 'SELL', 105, 90, 105, 'inside', 'SL'],
    ['end of the window before any level', 'BUY', 105, 110, 95, 'after', 'END_TIME'],
    ['stop before target when a trailed stop has crossed the target', 'BUY', 111, 110, 112, 'inside', 'SL'],
    ['no levels set', 'BUY', 1, null, null, 'inside', null],
  ];
  for (const [name, side, ltp, target, stop, phase, leg] of table) {
    it(name, () => {
      expect(exitLegOf({ side, ltp, target, stop, phase })).toBe(leg);
    });
  }
});
