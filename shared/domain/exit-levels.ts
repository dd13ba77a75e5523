import { marketClockParts } from './market-clock';
import type { ACTIONS, JSON_BRIDGE_EXIT_LEVEL_TYPES, TRAIL_TYPES } from './ranges';
import type { POSITION_LEG_KINDS, POSITION_STATUSES } from './states';
import { roundToTick } from './tick-math';

/**
 * The exit arithmetic of the order manager's position monitor (spec §3–§4, DESIGN.md §5): target and
 * stop-loss prices, whether a price hits them, the trailing stop, the group target / stop-loss in money,
 * and the trading window. Pure: the monitor feeds it prices and the clock.
 */
export type Side = (typeof ACTIONS)[number];
export type ExitLevelType = (typeof JSON_BRIDGE_EXIT_LEVEL_TYPES)[number];
export type TrailType = (typeof TRAIL_TYPES)[number];
type PositionStatus = (typeof POSITION_STATUSES)[number];
type PositionLegKind = (typeof POSITION_LEG_KINDS)[number];

/** +1 when a rising price is profit (BUY), -1 when a falling one is (SELL). */
const PROFIT_SIGN: Readonly<Record<Side, 1 | -1>> = { BUY: 1, SELL: -1 };

export interface ExitLevel {
  readonly type: ExitLevelType;
  /** LTP: the price itself; POINT: points from entry; PERCENTAGE: percent of the entry price. */
  readonly value: number;
}

/** The level's price, `towards` +1 above the entry or -1 below it (LTP is absolute and ignores both). */
const LEVEL_PRICE: Readonly<Record<ExitLevelType, (entry: number, value: number, towards: 1 | -1) => number>> = {
  LTP: (_entry, value) => value,
  POINT: (entry, value, towards) => entry + towards * value,
  PERCENTAGE: (entry, value, towards) => entry * (1 + (towards * value) / 100),
};

function levelPrice(entryPrice: number, level: ExitLevel, towards: 1 | -1, tick: number): number | null {
  const price = roundToTick(LEVEL_PRICE[level.type](entryPrice, level.value, towards), tick);
  return price > 0 ? price : null;
}

/** The target price: above the entry for a BUY, below it for a SELL, on the tick grid. Null when it would be at or below zero. */
export function targetPrice(side: Side, entryPrice: number, level: ExitLevel, tick: number): number | null {
  return levelPrice(entryPrice, level, PROFIT_SIGN[side], tick);
}

/** The stop-loss price: below the entry for a BUY, above it for a SELL, on the tick grid. Null when it would be at or below zero (no stop). */
export function stopPrice(side: Side, entryPrice: number, level: ExitLevel, tick: number): number | null {
  return levelPrice(entryPrice, level, PROFIT_SIGN[side] === 1 ? -1 : 1, tick);
}

/** Touching the level counts, as a resting exchange order would fill there. */
export function targetHit(side: Side, ltp: number, level: number): boolean {
  return PROFIT_SIGN[side] * (ltp - level) >= 0;
}

export function stopHit(side: Side, ltp: number, level: number): boolean {
  return PROFIT_SIGN[side] * (ltp - level) <= 0;
}

/**
 * The trailing stop: once the price has moved `trigger` in the position's favour, the stop moves
 * `point` for each further full `gap` (so trigger 0 is the classic "every gap, move by point"). Values
 * are points, or percent of the entry price for PERCENTAGE.
 */
export interface TrailSettings {
  readonly type: TrailType;
  readonly trigger: number;
  readonly gap: number;
  readonly point: number;
}

const TRAIL_DISTANCE: Readonly<Record<TrailType, (entry: number, value: number) => number>> = {
  POINT: (_entry, value) => value,
  PERCENTAGE: (entry, value) => (entry * value) / 100,
};

/** Binary fractions make 110.1 − 100 = 10.0999…; a step that is reached must count. */
const STEP_TOLERANCE = 1e-9;

/** The most favourable price since entry: the highest for a BUY, the lowest for a SELL. */
export function bestPriceSoFar(side: Side, best: number | null, ltp: number): number {
  if (best === null) return ltp;
  return PROFIT_SIGN[side] * (ltp - best) > 0 ? ltp : best;
}

/** Whole steps the stop has moved for the best price so far. */
export function trailSteps(side: Side, entryPrice: number, bestPrice: number, trail: TrailSettings): number {
  const distance = (value: number) => TRAIL_DISTANCE[trail.type](entryPrice, value);
  const beyondTrigger = PROFIT_SIGN[side] * (bestPrice - entryPrice) - distance(trail.trigger);
  if (beyondTrigger < -STEP_TOLERANCE) return 0;
  return Math.floor(beyondTrigger / distance(trail.gap) + STEP_TOLERANCE);
}

export interface TrailedStopInput {
  readonly side: Side;
  readonly entryPrice: number;
  /** The stop-loss price set at entry. */
  readonly initialStop: number;
  /** From `bestPriceSoFar`: depending on the best price, not the last one, the stop never moves back. */
  readonly bestPrice: number;
  readonly trail: TrailSettings;
  readonly tick: number;
}

export function trailedStop({ side, entryPrice, initialStop, bestPrice, trail, tick }: TrailedStopInput): number {
  const steps = trailSteps(side, entryPrice, bestPrice, trail);
  return roundToTick(initialStop + PROFIT_SIGN[side] * steps * TRAIL_DISTANCE[trail.type](entryPrice, trail.point), tick);
}

/** Rupees, rounded to the paisa so sums of many positions carry no binary noise. */
const toPaise = (amount: number) => Math.round(amount * 100) / 100;

/** Profit (positive) or loss of a position at a price, in rupees; `quantity` in units (lots × lot size). */
export function positionPnl(side: Side, entryPrice: number, price: number, quantity: number): number {
  return toPaise(PROFIT_SIGN[side] * (price - entryPrice) * quantity);
}

export function groupPnl(positionPnls: readonly number[]): number {
  return toPaise(positionPnls.reduce((sum, pnl) => sum + pnl, 0));
}

/** An order group's target and stop-loss in rupees, both positive amounts; null when not set. */
export interface GroupMoneyLimits {
  readonly target: number | null;
  readonly stopLoss: number | null;
}

export type GroupExitStatus = Extract<PositionStatus, 'GROUP_TGT' | 'GROUP_SL'>;

/** Checked in order: the loss limit first, so a position can never be held past it. */
const GROUP_EXIT_RULES: readonly { readonly status: GroupExitStatus; readonly hit: (pnl: number, limits: GroupMoneyLimits) => boolean }[] = [
  { status: 'GROUP_SL', hit: (pnl, { stopLoss }) => stopLoss !== null && pnl <= -stopLoss },
  { status: 'GROUP_TGT', hit: (pnl, { target }) => target !== null && pnl >= target },
];

/** GROUP_TGT or GROUP_SL when the group's P&L reaches a limit (exit all, turn og_place_order off), else null. */
export function groupExitStatus(totalPnl: number, limits: GroupMoneyLimits): GroupExitStatus | null {
  return GROUP_EXIT_RULES.find((rule) => rule.hit(totalPnl, limits))?.status ?? null;
}

/** A position's START_TIME / END_TIME legs, HH:mm or HH:mm:ss in IST; null when not set. */
export interface TradingWindow {
  readonly start: string | null;
  readonly end: string | null;
}

export type WindowPhase = 'before' | 'inside' | 'after';

function secondsOfClock(clock: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = clock.split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

/** Where an instant falls against the window, on the IST clock; the end second itself is after. */
export function windowPhaseAt(window: TradingWindow, at: Date): WindowPhase {
  const parts = marketClockParts(at);
  if (parts === null) throw new RangeError('Invalid date');
  const now = secondsOfClock(`${parts.hour}:${parts.minute}:${parts.second}`);
  if (window.start !== null && now < secondsOfClock(window.start)) return 'before';
  if (window.end !== null && now >= secondsOfClock(window.end)) return 'after';
  return 'inside';
}

export type WindowAction = 'none' | 'wait' | 'exit' | 'cancel';

/**
 * What the window asks of a position: a waiting one may enter only inside it and is cancelled once it
 * has passed; an open one is exited at the end (END_TIME leg).
 */
const WINDOW_ACTIONS: Readonly<Record<Extract<PositionStatus, 'WAITING' | 'OPEN'>, Readonly<Record<WindowPhase, WindowAction>>>> = {
  WAITING: { before: 'wait', inside: 'none', after: 'cancel' },
  OPEN: { before: 'none', inside: 'none', after: 'exit' },
};

export function windowAction(status: Extract<PositionStatus, 'WAITING' | 'OPEN'>, phase: WindowPhase): WindowAction {
  return WINDOW_ACTIONS[status][phase];
}

export type ExitLeg = Extract<PositionLegKind, 'TGT' | 'SL' | 'END_TIME'>;

export interface OpenPositionCheck {
  readonly side: Side;
  readonly ltp: number;
  /** Null when the position has no target / no stop-loss. */
  readonly target: number | null;
  readonly stop: number | null;
  readonly phase: WindowPhase;
}

/** Checked in order: the window's end, then the stop before the target (the safer reading of a price gap). */
const EXIT_RULES: readonly { readonly leg: ExitLeg; readonly hit: (check: OpenPositionCheck) => boolean }[] = [
  { leg: 'END_TIME', hit: ({ phase }) => phase === 'after' },
  { leg: 'SL', hit: ({ side, ltp, stop }) => stop !== null && stopHit(side, ltp, stop) },
  { leg: 'TGT', hit: ({ side, ltp, target }) => target !== null && targetHit(side, ltp, target) },
];

/** The leg that exits an open position at this price and time, or null to hold it. */
export function exitLegOf(check: OpenPositionCheck): ExitLeg | null {
  return EXIT_RULES.find((rule) => rule.hit(check))?.leg ?? null;
}
