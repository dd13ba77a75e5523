import type { BrokerOrder } from '../../broker-adapters/broker-adapter';
import { leaseGroupMirrorChange, recordGroupMirrorChange, type GroupMirrorItem } from '../../data/groups/group-mirror';
import type { OrderChangeCommand } from '../../orders/change-order';
import { now as clockNow } from '../../platform/clock';
import { DomainError } from '../../platform/errors';
import { changeGroupOrder } from '../use-cases/group-order-changes';
import { mirroredTicketOf } from './master-ticket';
import type { MirrorContext } from './mirror-context';

/**
 * A modification or cancellation of a copied master order, applied to the children's pending orders
 * through the part-2 group-order change (each child's quantity recomputed with its multiplier). Whoever
 * takes the record's lease with the version read applies it, so two pollers cannot both do so; the
 * record then holds the master's new ticket. A lease left by a crash expires and the change is applied
 * again, which sets the same values (a modification sets, it does not add).
 */
export const MIRROR_CHANGE_LEASE_MS = 120_000;

export async function mirrorMasterChange(context: MirrorContext, mirror: GroupMirrorItem, command: OrderChangeCommand, row: BrokerOrder): Promise<void> {
  const { owner, group, log } = context;
  const now = clockNow();
  const leased = await leaseGroupMirrorChange(owner, mirror, new Date(now.getTime() + MIRROR_CHANGE_LEASE_MS), now);
  if (!leased) return;
  if (leased.group_order_id === null) throw new Error(`Copied mirror of ${mirror.broker_order_id} has no group order`);
  try {
    const changed = await changeGroupOrder(owner, group.grp_id, leased.group_order_id, command, log);
    log.info('master change mirrored', {
      grpId: group.grp_id,
      brokerOrderId: mirror.broker_order_id,
      action: command.action,
      outcomes: changed.targets.map((target) => [target.outcome, target.reason]),
    });
  } catch (error) {
    // A refusal (the group is gone, a quantity the children cannot take) is final; anything else keeps the lease until it expires.
    if (!(error instanceof DomainError)) throw error;
    log.warn('master change not mirrored', { grpId: group.grp_id, brokerOrderId: mirror.broker_order_id, reason: error.message });
  }
  await recordGroupMirrorChange(owner, leased, mirroredTicketOf(row), clockNow());
}
