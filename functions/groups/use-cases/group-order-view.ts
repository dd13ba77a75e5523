import type { GroupOrder, GroupOrderFanOut, TARGET_OUTCOMES, TargetOutcome } from '../../../shared/contracts/groups';
import type { BrokerAccountItem } from '../../data/broker-accounts-repository';
import type { GroupItem } from '../../data/groups/group';
import type { GroupOrderItem, GroupOrderTarget } from '../../data/groups/group-order';
import type { StoredOrder } from '../../data/orders/order';
import { combinedNameOf } from '../../broker-accounts/accounts/account-view';
import { toLinkedOrder } from '../../orders/order-view';

/** An order of a group as the group calls answer it. */
export function toGroupOrder(order: StoredOrder): GroupOrder {
  if (order.grp_id === null) throw new Error(`Order ${order.order_id} is not a group's order`);
  return { ...toLinkedOrder(order), grp_id: order.grp_id };
}

/** How a target names its account: as the broker pages do, or by id when the account is gone. */
export function accountNameOf(accounts: ReadonlyMap<string, BrokerAccountItem>, accountId: string): string {
  const account = accounts.get(accountId);
  return account ? combinedNameOf(account) : accountId;
}

/** What came of one target: its order (whatever its status) or the reason it has none; a change says `changed` or `skipped` itself. */
export interface TargetResult {
  readonly order: StoredOrder | null;
  readonly reason: string | null;
  readonly outcome?: (typeof TARGET_OUTCOMES)[number];
}

export function toTargetOutcome(target: GroupOrderTarget, accounts: ReadonlyMap<string, BrokerAccountItem>, result: TargetResult): TargetOutcome {
  const { order } = result;
  const outcome = result.outcome ?? (order === null ? 'skipped' : 'placed');
  return {
    role: target.role,
    grp_broker_id: target.grp_broker_id,
    broker_id: target.broker_id,
    broker_combined_name: accountNameOf(accounts, target.broker_id),
    multiplier: target.multiplier,
    quantity: order?.quantity ?? target.quantity,
    outcome,
    status: order?.status ?? null,
    order_id: order?.order_id ?? null,
    reason: result.reason ?? (order && (order.status === 'rejected' || order.status === 'failed') ? order.reason : null),
    order: order ? toGroupOrder(order) : null,
  };
}

export function toGroupOrderFanOut(
  record: GroupOrderItem,
  group: GroupItem,
  accounts: ReadonlyMap<string, BrokerAccountItem>,
  results: readonly TargetResult[],
  replayed: boolean,
): GroupOrderFanOut {
  return {
    group_order_id: record.group_order_id,
    grp_id: record.grp_id,
    grp_name: group.grp_name,
    script_id: record.instrument.script_id,
    exchange: record.instrument.exchange,
    trading_symbol: record.instrument.trading_symbol,
    lot_size: record.instrument.lot_size,
    transaction_type: record.transaction_type,
    order_type: record.order_type,
    product: record.product,
    quantity: record.quantity,
    price: record.price,
    trigger_price: record.trigger_price,
    origin: record.origin,
    placed_by: record.placed_by,
    state: record.state,
    replayed,
    create_time: record.createdAt,
    targets: record.targets.map((target, index) => toTargetOutcome(target, accounts, results[index] ?? { order: null, reason: target.reason })),
  };
}
