import { GROUP_BROKER_TRADING_OFF_MESSAGE } from '../../../shared/contracts/groups';
import { SUBSCRIPTION_ENDED_MESSAGE } from '../../../shared/contracts/strategy-subscriptions';
import { childQuantity } from '../../../shared/domain/group-quantities';
import { tradedLotSize, type Instrument } from '../../../shared/domain/instruments';
import type { BrokerAccountItem } from '../../data/broker-accounts-repository';
import type { GroupItem } from '../../data/groups/group';
import type { GroupChildItem } from '../../data/groups/group-child';
import type { GroupOrderTarget } from '../../data/groups/group-order';
import { ACCOUNT_REMOVED_MESSAGE } from '../../broker-accounts/accounts/owned-account';
import { OPENING_POLICY, tradingRefusal } from '../../orders/tradable-account';

/**
 * Who a group order goes to, decided once when it is recorded: the master first (when the group has
 * one), then every child in the order added, each with its quantity or the reason it trades nothing.
 * A target that will be sent gets its order's idempotency key, derived from the group order and the
 * target, so sending it again finds the first order.
 */
export interface PlanInput {
  readonly group: GroupItem;
  readonly children: readonly GroupChildItem[];
  /**
   * The targets' accounts, to skip those that take no order now; null when each account is checked as
   * its order is sent instead (the group order's own fan-out reads them in pages meanwhile, issue 22).
   */
  readonly accounts: ReadonlyMap<string, BrokerAccountItem> | null;
  readonly instrument: Instrument;
  readonly masterQuantity: number;
  readonly groupOrderId: string;
  /** When the group order is decided: a strategy subscriber whose subscription has ended by then trades nothing. */
  readonly at: Date;
}

const MASTER_KEY_SUFFIX = 'MASTER';

/** The idempotency key of a target's order: 53 letters, digits and '-', within the 64 the order path takes. */
export function targetOrderKey(groupOrderId: string, grpBrokerId: string | null): string {
  return `${groupOrderId}-${grpBrokerId ?? MASTER_KEY_SUFFIX}`;
}

/** Why an account takes no new order now (removed, not connected, its trading flag off), or null. */
export function accountRefusal(account: BrokerAccountItem | undefined): string | null {
  if (!account || account.status === 'deleted') return ACCOUNT_REMOVED_MESSAGE;
  return tradingRefusal(account, OPENING_POLICY);
}

function skipped(target: Omit<GroupOrderTarget, 'quantity' | 'order_key' | 'order_id' | 'reason'>, reason: string): GroupOrderTarget {
  return { ...target, quantity: 0, order_key: null, order_id: null, reason };
}

/** The reason a master target trades nothing because of its account. */
export function masterRefusal(refusal: string): string {
  return `Master not placed: ${refusal}`;
}

function masterTarget({ group, accounts, masterQuantity, groupOrderId }: PlanInput): GroupOrderTarget[] {
  if (group.master_broker_id === null) return [];
  const base = { role: 'master' as const, grp_broker_id: null, broker_id: group.master_broker_id, account_owner_id: null, multiplier: 1 };
  const refusal = accounts === null ? null : accountRefusal(accounts.get(group.master_broker_id));
  if (refusal !== null) return [skipped(base, masterRefusal(refusal))];
  return [{ ...base, quantity: masterQuantity, order_key: targetOrderKey(groupOrderId, null), order_id: null, reason: null }];
}

function childTarget(input: PlanInput, child: GroupChildItem): GroupOrderTarget {
  const base = { role: 'child' as const, grp_broker_id: child.grp_broker_id, broker_id: child.broker_id, account_owner_id: child.account_owner_id, multiplier: child.multiplier };
  if (child.active_until !== null && Date.parse(child.active_until) <= input.at.getTime()) return skipped(base, SUBSCRIPTION_ENDED_MESSAGE);
  if (!child.trading_enabled) return skipped(base, GROUP_BROKER_TRADING_OFF_MESSAGE);
  const refusal = input.accounts === null ? null : accountRefusal(input.accounts.get(child.broker_id));
  if (refusal !== null) return skipped(base, refusal);
  const share = childQuantity({ masterQuantity: input.masterQuantity, multiplier: child.multiplier, lotSize: tradedLotSize(input.instrument) });
  if (share.kind === 'none') return skipped(base, share.reason);
  return { ...base, quantity: share.quantity, order_key: targetOrderKey(input.groupOrderId, child.grp_broker_id), order_id: null, reason: null };
}

export function planTargets(input: PlanInput): GroupOrderTarget[] {
  return [...masterTarget(input), ...input.children.map((child) => childTarget(input, child))];
}
