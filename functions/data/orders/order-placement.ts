import * as z from 'zod';
import { isAutomatedOrigin } from '../../../shared/domain/order-origins';
import { automationStopChecks } from '../automation/automation-stop-repository';
import { getIdempotencyRecord } from '../broker-accounts-repository';
import { idempotencyKeys } from '../keys';
import { countsForNewOrder } from '../order-counters';
import { transact } from '../shared-transactions';
import { tableName, type TransactItem } from '../table';
import { countsOf, eventOf, orderKeyOf, type NewOrder, type OrderOwner, type StoredOrder } from './order';

/**
 * The placement of an order: its intent (`ORD#<day>#<order id>`, as about to be sent) written together
 * with the client's idempotency record `IDEMP#place-order#<key>` (when the client sent a key), the
 * group's counts and any companion write, all or nothing; the key then names the order it placed.
 */

export const PLACE_ORDER_OPERATION = 'place-order';
/** Idempotency records outlive any client retry (reliability.md §1.2: at least 24 h). */
const IDEMPOTENCY_RETENTION_SECONDS = 7 * 86_400;

export interface PlacementKey {
  readonly key: string;
  /** What the request asked, so the same key with another request is refused. */
  readonly fingerprint: string;
}

export type IntentOutcome =
  | { readonly kind: 'written'; readonly order: StoredOrder }
  | { readonly kind: 'key-used' }
  /** A group's order whose child (or group) is gone: nothing was written. */
  | { readonly kind: 'group-gone' }
  /** The companion write's condition did not hold: nothing was written. */
  | { readonly kind: 'companion-refused' }
  /** An automated order while a kill switch (the user's or the franchise's) holds: nothing was written. */
  | { readonly kind: 'automation-stopped' }
  /** The account check's version no longer holds (the order path worked from a recent copy): nothing was written. */
  | { readonly kind: 'account-changed' };

/** The intent: the order as about to be sent, (with a client key) the idempotency record and (for a group's order) its counts, in one transaction. */
export async function writeOrderIntent(
  owner: OrderOwner,
  order: NewOrder,
  placementKey: PlacementKey | null,
  note: string,
  now: Date,
  /** Written in the same transaction (last); its condition failing writes nothing: 'companion-refused'. */
  companion: TransactItem | null = null,
  /** A condition that the account is still as the caller read it (recent-broker-accounts.ts); failing: 'account-changed'. */
  accountCheck: TransactItem | null = null,
): Promise<IntentOutcome> {
  const stamp = now.toISOString();
  const stored: StoredOrder = {
    ...order,
    grp_id: order.grp_id ?? null,
    grp_broker_id: order.grp_broker_id ?? null,
    group_order_id: order.group_order_id ?? null,
    grp_owner_id: order.grp_owner_id ?? null,
    strategy_name: order.strategy_name ?? null,
    timeline: [eventOf(order.status, order.submission, note, now)],
    v: 0,
    createdAt: stamp,
    updatedAt: stamp,
  };
  const key = orderKeyOf(owner, order.order_id);
  if (key === null) throw new Error(`Order id ${order.order_id} is not a ULID`);
  const orderPut = {
    Put: {
      TableName: tableName(),
      Item: { ...key, entity: 'order', ...stored, script_id: order.instrument.script_id, trading_symbol: order.instrument.trading_symbol, idempotency_key: placementKey?.key ?? null },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  const recordPut = placementKey && {
    Put: {
      TableName: tableName(),
      Item: {
        ...idempotencyKeys.item(owner.frchId, owner.userId, PLACE_ORDER_OPERATION, placementKey.key),
        entity: 'idempotency',
        fingerprint: placementKey.fingerprint,
        outcome: { order_id: order.order_id },
        createdAt: stamp,
        expiresAt: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_RETENTION_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  const counts = countsOf(owner, stored, countsForNewOrder(stored.status, stored.quantity), now);
  // The kill switches are checked in this very transaction (issue 20): no automated order is recorded, so none is sent, once a stop is written.
  const guards = isAutomatedOrigin(order.origin) ? automationStopChecks(owner) : [];
  const items = [orderPut, ...(recordPut ? [recordPut] : []), ...counts, ...guards, ...(companion ? [companion] : []), ...(accountCheck ? [accountCheck] : [])];
  const failed = await transact(items);
  // A retry of a placed order answers that order, whatever holds now.
  if (recordPut && failed.includes(1)) return { kind: 'key-used' };
  if (accountCheck && failed.includes(items.length - 1)) return { kind: 'account-changed' };
  const checked = accountCheck ? items.length - 1 : items.length;
  const guardsFrom = checked - guards.length - (companion ? 1 : 0);
  if (failed.some((index) => index >= guardsFrom && index < guardsFrom + guards.length)) return { kind: 'automation-stopped' };
  if (companion && failed.includes(checked - 1)) return { kind: 'companion-refused' };
  if (failed.includes(0)) throw new Error(`Order id ${order.order_id} already taken`);
  if (failed.length > 0) return { kind: 'group-gone' };
  return { kind: 'written', order: stored };
}

const placementOutcomeSchema = z.object({ order_id: z.string() });

/** The first placement under a client key: its fingerprint and order id, or null when the key is new. */
export async function findPlacement(owner: OrderOwner, key: string): Promise<{ readonly fingerprint: string; readonly orderId: string } | null> {
  const record = await getIdempotencyRecord(owner, PLACE_ORDER_OPERATION, key);
  if (!record) return null;
  return { fingerprint: record.fingerprint, orderId: placementOutcomeSchema.parse(record.outcome).order_id };
}
