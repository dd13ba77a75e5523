import { ulid } from 'ulid';
import type { BrokerOrder } from '../../broker-adapters/broker-adapter';
import type { ScriptResolver } from '../../broker-adapters/mapping/script-resolver';
import { claimGroupMirror, finishGroupMirror, type GroupMirrorItem, type NewGroupMirror } from '../../data/groups/group-mirror';
import { now as clockNow } from '../../platform/clock';
import { DomainError } from '../../platform/errors';
import { placeGroupOrder } from '../use-cases/group-fan-out';
import { claimedTicketOf, masterTicketOf, mirroredTicketOf } from './master-ticket';
import type { MirrorContext } from './mirror-context';
import { ensureMirrorGroupOrder, mirrorPlacementKey } from './mirror-group-order';
import { notifyNotCopied } from './mirror-notifications';
import { mirrorRecordExpiry } from './mirror-retention';

/**
 * Copying one master order to the children, exactly once: the conditional put of its mirror record is
 * the claim (only the poller or postback that writes it goes on), and it names the group order and the
 * key everything after it derives from. Then the group order is recorded and sent by the part-2
 * fan-out, each child with its multiplier. A crash anywhere after the claim leaves the record
 * `copying`, and the next look at the row continues the same group order: every child's order key is
 * derived from it, so no child is ever sent the master order twice.
 */
function recordOf(context: MirrorContext, row: BrokerOrder): Pick<NewGroupMirror, 'grp_id' | 'master_broker_id' | 'broker_order_id' | 'transaction_type' | 'product' | 'master'> {
  return {
    grp_id: context.group.grp_id,
    master_broker_id: context.master.broker_id,
    broker_order_id: row.brokerOrderId,
    transaction_type: row.action,
    product: row.product,
    master: mirroredTicketOf(row),
  };
}

function claim(context: MirrorContext, mirror: NewGroupMirror): Promise<GroupMirrorItem | null> {
  const now = clockNow();
  return claimGroupMirror(context.owner, mirror, mirrorRecordExpiry(context.master.broker, now), now);
}

/** Records that a row is not copied and why (once: a row already recorded keeps its first decision). */
export async function recordNotCopied(context: MirrorContext, row: BrokerOrder, reason: string): Promise<GroupMirrorItem | null> {
  return claim(context, { ...recordOf(context, row), state: 'skipped', reason, group_order_id: null, idempotency_key: null, instrument: null });
}

async function recordFailure(context: MirrorContext, row: BrokerOrder, reason: string): Promise<void> {
  const failed = await claim(context, { ...recordOf(context, row), state: 'failed', reason, group_order_id: null, idempotency_key: null, instrument: null });
  if (failed) await notifyNotCopied(context, row, reason);
}

/** Records the group order of a claimed copy (unless recorded already), sends it, and ends the copy. */
export async function continueCopy(context: MirrorContext, mirror: GroupMirrorItem): Promise<void> {
  const { owner, group, log } = context;
  const ticket = claimedTicketOf(mirror);
  if (ticket === null || mirror.idempotency_key === null) throw new Error(`Mirror of ${mirror.broker_order_id} is copying without a ticket`);
  try {
    await ensureMirrorGroupOrder(context, mirror, ticket);
    const placed = await placeGroupOrder(owner, { grpId: group.grp_id, ticket, idempotencyKey: mirror.idempotency_key }, log);
    await finishGroupMirror(owner, mirror, 'copied', null, clockNow());
    log.info('master order copied', {
      grpId: group.grp_id,
      brokerOrderId: mirror.broker_order_id,
      groupOrderId: placed.group_order_id,
      outcomes: placed.targets.map((target) => target.outcome),
    });
  } catch (error) {
    // Anything else (the table, a bug) leaves the copy `copying`: the next look at the row continues it.
    if (!(error instanceof DomainError)) throw error;
    const reason = `Not copied: ${error.message}`;
    const failed = await finishGroupMirror(owner, mirror, 'failed', reason, clockNow());
    if (failed) await notifyNotCopied(context, { brokerOrderId: mirror.broker_order_id, tradingSymbol: ticket.instrument.trading_symbol }, reason);
  }
}

/** Claims a new master order for the group and copies it; a row that cannot be copied is recorded as failed, and the user told. */
export async function copyMasterOrder(context: MirrorContext, row: BrokerOrder, resolve: ScriptResolver): Promise<void> {
  const read = masterTicketOf(row, resolve);
  if (read.kind === 'unreadable') return recordFailure(context, row, read.reason);
  const { ticket } = read;
  const groupOrderId = ulid(clockNow().getTime());
  const claimed = await claim(context, {
    ...recordOf(context, row),
    // The ticket as normalised and checked: what the children are sent, and what later changes compare with.
    master: { status: row.status, order_type: ticket.orderType, quantity: ticket.quantity, price: ticket.price, trigger_price: ticket.triggerPrice },
    state: 'copying',
    reason: null,
    group_order_id: groupOrderId,
    idempotency_key: mirrorPlacementKey(groupOrderId),
    instrument: ticket.instrument,
  });
  if (claimed) await continueCopy(context, claimed);
}
