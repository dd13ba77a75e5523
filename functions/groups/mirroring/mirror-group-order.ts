import { listGroupChildren } from '../../data/groups/group-child';
import type { GroupMirrorItem } from '../../data/groups/group-mirror';
import { createGroupOrder, findGroupPlacement } from '../../data/groups/group-order';
import { now as clockNow } from '../../platform/clock';
import { fieldsOfTicket, type OrderTicket } from '../../orders/order-ticket';
import { planTargets } from '../use-cases/group-order-plan';
import { groupOrderFingerprint } from '../use-cases/group-fan-out';
import type { MirrorContext } from './mirror-context';

/**
 * The group order a copied master order becomes: recorded exactly as a group `placeorder` records
 * one, so the part-2 fan-out (`placeGroupOrder`, which finishes a recorded group order under its key)
 * sends it. Its id and key come from the mirror record, so a retry after a crash finds this group
 * order, and through it the children's derived order keys, instead of starting another.
 */
export function mirrorPlacementKey(groupOrderId: string): string {
  return `MIRROR-${groupOrderId}`;
}

/** Records the mirror's group order unless an earlier attempt did: its targets are the children only, the master already holds its order. */
export async function ensureMirrorGroupOrder(context: MirrorContext, mirror: GroupMirrorItem, ticket: OrderTicket): Promise<void> {
  const { owner, group } = context;
  if (mirror.group_order_id === null || mirror.idempotency_key === null) throw new Error(`Mirror of ${mirror.broker_order_id} has no group order`);
  if (await findGroupPlacement(owner, mirror.idempotency_key)) return;
  const children = await listGroupChildren(owner, group.grp_id);
  // The children's accounts are read, in pages, by the fan-out that sends this group order; each is checked as its order is sent.
  const targets = planTargets({
    group: { ...group, master_broker_id: null },
    children,
    accounts: null,
    instrument: ticket.instrument,
    masterQuantity: ticket.quantity,
    groupOrderId: mirror.group_order_id,
    at: clockNow(),
  });
  // `key-used` means a concurrent attempt recorded it first: either way the group order now exists.
  await createGroupOrder(
    owner,
    {
      group_order_id: mirror.group_order_id,
      grp_id: group.grp_id,
      ...fieldsOfTicket(ticket),
      origin: 'copytrading',
      placed_by: owner.userId,
      idempotency_key: mirror.idempotency_key,
      fingerprint: groupOrderFingerprint(group.grp_id, ticket),
      targets,
    },
    clockNow(),
  );
}
