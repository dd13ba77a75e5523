import { orderManagerWatchKeys } from '../keys';
import { queryAllPages } from '../table';
import type { OrderManagerOwner } from './order-manager-keys';
import type { PositionItem } from './position-item';

/**
 * The position monitor's sparse index: GSI1 `OMWATCH#<shard>` / `<frch>#<user>#<og_id>#<op_id>` on a
 * position item while the monitor has work on it. Every position write sets or removes the entry in the
 * same write, decided by `isWatchedByMonitor` on the state it leaves — which is why that predicate lives here.
 */

/** The state that decides whether the monitor watches a position. */
export type WatchState = Pick<PositionItem, 'op_status' | 'entry_type' | 'in_flight' | 'exit_order_id' | 'exit_avg_price' | 'rollover'>;

/** A rollover whose successor is not written and entered yet: the monitor finishes it. */
export const isRolloverPending = (state: Pick<PositionItem, 'rollover'>): boolean => state.rollover?.state === 'exiting';

/**
 * Whether the monitor has work on a position, so it carries the watch index: OPEN, WAITING for a
 * price (a DIRECT entry waits for the user or the signal worker), an order in flight, closed by an
 * exit order whose fill price is not known yet, or exited for a rollover whose successor is pending.
 */
export function isWatchedByMonitor(state: WatchState): boolean {
  if (state.in_flight !== null || state.op_status === 'OPEN' || isRolloverPending(state)) return true;
  if (state.op_status === 'WAITING') return state.entry_type !== 'DIRECT';
  return state.exit_order_id !== null && state.exit_avg_price === null;
}

export const WATCH_INDEX_ATTRIBUTES = ['GSI1PK', 'GSI1SK'] as const;

function watchShardOf(opId: string): number {
  let sum = 0;
  for (const char of opId) sum = (sum + char.charCodeAt(0)) % orderManagerWatchKeys.shards;
  return sum;
}

export const watchEntryOf = (owner: OrderManagerOwner, ogId: string, opId: string) =>
  orderManagerWatchKeys.entry(watchShardOf(opId), owner.frchId, owner.userId, ogId, opId);

export interface WatchedPositionRef {
  readonly owner: OrderManagerOwner;
  readonly ogId: string;
  readonly opId: string;
}

/** Every position the monitor watches, over all shards (the index is eventually consistent: re-read before acting). */
export async function* listWatchedPositions(): AsyncGenerator<WatchedPositionRef> {
  for (let shard = 0; shard < orderManagerWatchKeys.shards; shard += 1) {
    const items = await queryAllPages({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': orderManagerWatchKeys.partition(shard) },
    });
    for (const item of items) {
      const ref = typeof item.GSI1SK === 'string' ? orderManagerWatchKeys.refOf(item.GSI1SK) : null;
      if (ref) yield { owner: { frchId: ref.frchId, userId: ref.userId }, ogId: ref.ogId, opId: ref.opId };
    }
  }
}
