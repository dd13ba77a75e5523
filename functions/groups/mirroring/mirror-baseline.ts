import type { BrokerOrder } from '../../broker-adapters/broker-adapter';
import { getBrokerAccount } from '../../data/broker-accounts-repository';
import { getGroup, type GroupItem } from '../../data/groups/group';
import type { GroupOwner } from '../../data/groups/group-keys';
import { getMirrorBaseline, putMirrorBaseline, type MirrorBaselineItem } from '../../data/groups/mirror-baseline';
import { withBroker } from '../../orders/account-adapter';
import { now as clockNow } from '../../platform/clock';
import type { Logger } from '../../platform/logger';

/**
 * The rows on the master's book when it was connected are not copied: their broker order ids are
 * stored once per connection (`connectmaster` takes them at once). Should that read have failed, the
 * first poll of the connection takes them instead and copies nothing on that read. The baseline names
 * the connection by the group's `master_connected_at`, so reconnecting a master starts afresh and
 * nothing it placed while disconnected is copied.
 */
function belongsTo(baseline: MirrorBaselineItem | null, group: GroupItem): baseline is MirrorBaselineItem {
  return baseline !== null && baseline.master_broker_id === group.master_broker_id && baseline.connected_at === group.master_connected_at;
}

async function storeBaseline(owner: GroupOwner, group: GroupItem, book: readonly BrokerOrder[]): Promise<boolean> {
  if (group.master_broker_id === null || group.master_connected_at === null) return false;
  return putMirrorBaseline(
    owner,
    { grp_id: group.grp_id, master_broker_id: group.master_broker_id, connected_at: group.master_connected_at, broker_order_ids: book.map((row) => row.brokerOrderId) },
    clockNow(),
  );
}

/** The broker order ids of the group's baseline; null when this book has just become it (nothing is copied from it then). */
export async function baselineFor(owner: GroupOwner, group: GroupItem, book: readonly BrokerOrder[]): Promise<ReadonlySet<string> | null> {
  const stored = await getMirrorBaseline(owner, group.grp_id);
  if (belongsTo(stored, group)) return new Set(stored.broker_order_ids);
  if (await storeBaseline(owner, group, book)) return null;
  // Another poller took it first (or the group was reconnected since it was read): use theirs, or wait for the next read.
  const taken = await getMirrorBaseline(owner, group.grp_id);
  return belongsTo(taken, group) ? new Set(taken.broker_order_ids) : null;
}

/**
 * Takes the baseline right after `connectmaster`. A master whose book cannot be read now is still
 * connected (the answer has gone out); the first poll that can read it takes the baseline then.
 */
export async function takeMirrorBaseline(owner: GroupOwner, grpId: string, log: Logger): Promise<void> {
  try {
    const group = await getGroup(owner, grpId);
    if (!group || group.master_broker_id === null) return;
    const master = await getBrokerAccount(owner, group.master_broker_id);
    if (!master) return;
    const book = await withBroker(owner, master, log, (adapter) => adapter.orderBook());
    await storeBaseline(owner, group, book);
  } catch (error) {
    log.warn('mirror baseline not taken at connect', { grpId, error });
  }
}
