import { GROUP_BROKER_TRADING_OFF_MESSAGE, GROUP_NOT_FOUND_MESSAGE, GROUP_TRADING_OFF_MESSAGE } from '../../../shared/contracts/groups';
import { SIGNAL_SKIPS_SUBSCRIBER_MESSAGE } from '../../../shared/contracts/strategy-subscriptions';
import { childQuantity } from '../../../shared/domain/group-quantities';
import { tradedLotSize } from '../../../shared/domain/instruments';
import { getGroupAndChildren, type GroupItem } from '../../data/groups/group';
import type { GroupChildItem } from '../../data/groups/group-child';
import type { OrderManagerOwner } from '../../data/ordermanager/order-manager-keys';
import type { OrderPlan, PlanTarget } from './order-plan';
import type { PlanOutcome } from './plan-outcome';

/**
 * Which accounts a plan trades and how much (ADR 0008): an account target trades the plan's lots (× lot
 * size for F&O, shares for equities); a group target trades every child at its multiplier through
 * copy trading's own rule (`childQuantity`), the master never. A child that trades nothing now (its
 * trading off, its share below one lot) is an outcome, 'skipped' with the reason, not an error.
 */
export interface Assignment {
  readonly plan: OrderPlan;
  readonly brokerId: string;
  /** Units to order. */
  readonly quantity: number;
}

export type Expansion = { readonly kind: 'assign'; readonly assignment: Assignment } | { readonly kind: 'outcome'; readonly outcome: PlanOutcome };

interface LoadedGroup {
  readonly group: GroupItem | null;
  readonly children: readonly GroupChildItem[];
}

/** Reads each target group (and its children, once: issue 22) once per signal, however many plans name it. */
export function groupReader(owner: OrderManagerOwner): (grpId: string) => Promise<LoadedGroup> {
  const loaded = new Map<string, Promise<LoadedGroup>>();
  return (grpId) => {
    let group = loaded.get(grpId);
    if (!group) {
      group = getGroupAndChildren(owner, grpId).then((found) => found ?? { group: null, children: [] });
      loaded.set(grpId, group);
    }
    return group;
  };
}

const noAccount = (plan: OrderPlan, outcome: PlanOutcome['outcome'], reason: string): Expansion => ({
  kind: 'outcome',
  outcome: { planId: plan.planId, brokerId: null, opId: null, outcome, reason, orderId: null },
});

type Expander<K extends PlanTarget['kind']> = (plan: OrderPlan, target: Extract<PlanTarget, { kind: K }>, readGroup: (grpId: string) => Promise<LoadedGroup>) => Promise<Expansion[]>;

const EXPANDERS: { readonly [K in PlanTarget['kind']]: Expander<K> } = {
  account: async (plan, target) => [{ kind: 'assign', assignment: { plan, brokerId: target.brokerId, quantity: plan.lots * (tradedLotSize(plan.instrument) ?? 1) } }],

  group: async (plan, target, readGroup) => {
    const { group, children } = await readGroup(target.groupId);
    if (!group) return [noAccount(plan, 'failed', GROUP_NOT_FOUND_MESSAGE)];
    if (!group.trading_enabled) return [noAccount(plan, 'skipped', GROUP_TRADING_OFF_MESSAGE)];
    const lotSize = tradedLotSize(plan.instrument);
    const masterQuantity = plan.lots * (lotSize ?? 1);
    return children.map((child): Expansion => {
      const skipped = (reason: string): Expansion => ({
        kind: 'outcome',
        outcome: { planId: plan.planId, brokerId: child.broker_id, opId: null, outcome: 'skipped', reason, orderId: null },
      });
      // A strategy subscriber's account is not the signal owner's: it follows the master's orders instead.
      if (child.account_owner_id !== null) return skipped(SIGNAL_SKIPS_SUBSCRIBER_MESSAGE);
      if (!child.trading_enabled) return skipped(GROUP_BROKER_TRADING_OFF_MESSAGE);
      const share = childQuantity({ masterQuantity, multiplier: child.multiplier, lotSize });
      return share.kind === 'none' ? skipped(share.reason) : { kind: 'assign', assignment: { plan, brokerId: child.broker_id, quantity: share.quantity } };
    });
  },
};

export function expandPlan(plan: OrderPlan, readGroup: (grpId: string) => Promise<LoadedGroup>): Promise<Expansion[]> {
  // The record is keyed by kind, so the expander taken is the one for this target's kind.
  const expander = EXPANDERS[plan.target.kind] as Expander<PlanTarget['kind']>;
  return expander(plan, plan.target, readGroup);
}
