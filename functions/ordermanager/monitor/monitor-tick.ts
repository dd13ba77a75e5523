import type { Candle } from '../../market/candles';
import { getOrderGroup, type OrderGroupItem } from '../../data/ordermanager/order-group';
import type { OrderManagerOwner } from '../../data/ordermanager/order-manager-keys';
import { listPositions } from '../../data/ordermanager/position';
import type { PositionItem } from '../../data/ordermanager/position-item';
import { isRolloverPending, listWatchedPositions } from '../../data/ordermanager/watch-index';
import { createMarketHours } from '../../broker-adapters/paper/market-hours';
import { mapBounded } from '../../platform/bounded';
import { isExchangeHoliday } from '../../market/exchange-holidays';
import { orderPathSettings } from '../../orders/order-path-settings';
import { now as clockNow } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import type { CandleBook } from './candle-book';
import { candlesNeeded, decideGroup } from './monitor-decision';
import type { MarketNow } from './monitor-decision-types';
import { applyDecision } from './monitor-effects';
import { followUp, followUpOf } from './order-follow-up';
import { pricesOfPositions } from './script-prices';

/**
 * One tick of the position monitor: the watched positions come from the sparse watch index (never a
 * scan); their groups are read afresh with all their positions (a group's target counts them all);
 * prices are read once per script for the whole tick and candles fed once per script and timeframe;
 * then each group, a few at once, follows up its positions' orders and applies its decisions.
 * Only positions whose exchange trades now are acted on (the paper market's always-open switch, like
 * the order path's, makes every hour a trading hour for local runs and tests).
 */
export interface MonitorTickContext {
  readonly log: Logger;
  readonly candles: CandleBook;
}

export interface MonitorTickReport {
  /** Groups with a watched position whose exchange trades now: the work this tick had. */
  readonly activeGroups: number;
}

/** Groups handled at once: each mostly waits on its positions' brokers. */
const GROUPS_AT_ONCE = 16;

interface LoadedGroup {
  readonly owner: OrderManagerOwner;
  readonly group: OrderGroupItem;
  readonly positions: readonly PositionItem[];
}

/** Positions with something to decide: live ones, and closed ones whose rollover is not finished. */
const isLive = (position: PositionItem) => position.op_status === 'WAITING' || position.op_status === 'OPEN' || isRolloverPending(position);

async function watchedGroups(): Promise<OrderGroupRef[]> {
  const groups = new Map<string, OrderGroupRef>();
  for await (const ref of listWatchedPositions()) {
    groups.set(`${ref.owner.frchId}#${ref.owner.userId}#${ref.ogId}`, { owner: ref.owner, ogId: ref.ogId });
  }
  return [...groups.values()];
}

/** The index may lag: each group and its positions are read again, consistently, before anything is decided. */
async function loadGroup(ref: OrderGroupRef): Promise<LoadedGroup | null> {
  const [group, positions] = await Promise.all([getOrderGroup(ref.owner, ref.ogId), listPositions(ref.owner, ref.ogId)]);
  return group === null ? null : { owner: ref.owner, group, positions };
}

/** Each needed candle fed once with this tick's price; answers the candles that closed with it. */
function feedCandles(groups: readonly LoadedGroup[], prices: ReadonlyMap<string, number>, candles: CandleBook, at: Date): MarketNow['closedCandleOf'] {
  const closed = new Map<string, Candle>();
  const seen = new Set<string>();
  for (const { instrument, minutes } of groups.flatMap(({ positions }) => candlesNeeded(positions))) {
    const key = `${instrument.script_id}|${minutes}`;
    const price = prices.get(instrument.script_id);
    if (seen.has(key) || price === undefined) continue;
    seen.add(key);
    const candle = candles.observe(instrument, minutes, price, at);
    if (candle) closed.set(key, candle);
  }
  return (scriptId, minutes) => closed.get(`${scriptId}|${minutes}`) ?? null;
}

async function monitorGroup(loaded: LoadedGroup, market: MarketNow, log: Logger): Promise<void> {
  const scope = { owner: loaded.owner, group: loaded.group, log: log.child({ ogId: loaded.group.og_id }), now: market.at };
  const tradable = loaded.positions.filter((position) => market.isOpen(position.instrument));
  await Promise.all(
    tradable
      .filter((position) => followUpOf(position) !== null)
      .map((position) => followUp(scope, position).catch((error: unknown) => scope.log.error('position order not followed up', { opId: position.op_id, error }))),
  );
  await Promise.all(decideGroup(loaded.group, loaded.positions, market).map((decision) => applyDecision(scope, decision)));
}

export interface OrderGroupRef {
  readonly owner: OrderManagerOwner;
  readonly ogId: string;
}

/** One tick over the named groups (the schedule names every watched one; tests name their own). */
export async function monitorOrderGroups(refs: readonly OrderGroupRef[], context: MonitorTickContext): Promise<MonitorTickReport> {
  const settings = orderPathSettings();
  const at = clockNow();
  const hours = createMarketHours({ alwaysOpen: settings.paperAlwaysOpen, isHoliday: isExchangeHoliday });
  const isOpen: MarketNow['isOpen'] = (instrument) => hours.isOpen(instrument, at);
  const loaded = (await mapBounded(refs, GROUPS_AT_ONCE, loadGroup)).filter((group): group is LoadedGroup => group !== null);
  const active = loaded.filter(({ positions }) => positions.some((position) => isOpen(position.instrument) && (isLive(position) || followUpOf(position) !== null)));
  if (active.length === 0) return { activeGroups: 0 };
  const prices = await pricesOfPositions(active.flatMap(({ positions }) => positions), at);
  const market: MarketNow = { at, prices, isOpen, closedCandleOf: feedCandles(active, prices, context.candles, at) };
  await mapBounded(active, GROUPS_AT_ONCE, (group) =>
    monitorGroup(group, market, context.log.child({ userId: group.owner.userId, frchId: group.owner.frchId })).catch((error: unknown) =>
      context.log.error('order group not monitored', { ogId: group.group.og_id, error }),
    ),
  );
  return { activeGroups: active.length };
}

/** The schedule's tick: every group with a watched position. */
export async function runMonitorTick(context: MonitorTickContext): Promise<MonitorTickReport> {
  return monitorOrderGroups(await watchedGroups(), context);
}
