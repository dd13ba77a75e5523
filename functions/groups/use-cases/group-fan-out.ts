import { ulid } from 'ulid';
import {
  GROUP_FAN_OUT_CONCURRENCY,
  ORDER_FAN_OUT_CONCURRENCY,
  GROUP_PLACEMENT_KEY_REUSED_MESSAGE,
  GROUP_TRADING_OFF_MESSAGE,
  MASTER_REJECTED_PREFIX,
  type GroupOrderFanOut,
} from '../../../shared/contracts/groups';
import type { GroupItem } from '../../data/groups/group';
import type { GroupOwner } from '../../data/groups/group-keys';
import { createGroupOrder, findGroupPlacement, getGroupOrder, recordGroupOrderTargets, type GroupOrderItem, type GroupOrderTarget, type GroupPlacement } from '../../data/groups/group-order';
import type { StoredOrder } from '../../data/orders/order';
import { ACCOUNT_REMOVED_MESSAGE } from '../../broker-accounts/accounts/owned-account';
import { OrderRulesError } from '../../orders/order-errors';
import { fieldsOfTicket, normalisedTicket, ticketFromFields, ticketProblems, type OrderTicket } from '../../orders/order-ticket';
import { placeOrder } from '../../orders/place-order';
import { now as clockNow } from '../../platform/clock';
import { BusinessRuleError, ConflictError, DomainError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { mapBounded } from '../../platform/bounded';
import { readFanOutAccounts, type FanOutAccounts } from './fan-out-accounts';
import { accountOwnerOf } from './group-accounts';
import { targetOrder, targetOrders } from './group-order-orders';
import { accountRefusal, masterRefusal, planTargets } from './group-order-plan';
import { toGroupOrderFanOut, type TargetResult } from './group-order-view';
import { loadOwnedGroupAndChildren } from './owned-group';

/**
 * A group order (DESIGN.md §5 "Groups"): recorded first with every target decided (the master, then
 * each child with its quantity or the reason it trades nothing) and the client's idempotency record,
 * then sent through the common order path. A target whose account takes no order now (removed, not
 * connected, trading off) is skipped as it is sent: the accounts are read in pages while the record is
 * written, so the first orders leave before the last accounts arrive (issue 22). The master goes
 * first; when its order is rejected and the group does not place on a rejected master, the children
 * are not sent; otherwise every child, at most ORDER_FAN_OUT_CONCURRENCY at once. Each target's
 * order carries a key derived from the group order and the target, so a retried request (or one after
 * a crash) finds the orders already placed and sends only the missing ones: no account is ever sent the
 * same group order twice.
 */
export interface GroupOrderCommand {
  readonly grpId: string;
  readonly ticket: OrderTicket;
  readonly idempotencyKey: string;
}

/** What makes two group order requests the same request: a key reused for another ticket is refused. */
export function groupOrderFingerprint(grpId: string, ticket: OrderTicket): string {
  const { instrument, action, orderType, product, quantity, price, triggerPrice } = ticket;
  return [grpId, instrument.script_id, action, orderType, product, quantity, price, triggerPrice].join('|');
}

function fingerprintOf(command: GroupOrderCommand): string {
  return groupOrderFingerprint(command.grpId, command.ticket);
}

const INTERNAL_FAILURE = 'Not placed: an internal error stopped this order; it has been logged.';

function refusalOf(error: unknown): string {
  return error instanceof DomainError ? error.message : INTERNAL_FAILURE;
}

function ticketFor(record: GroupOrderItem, quantity: number): OrderTicket {
  return ticketFromFields(record.instrument, { ...record, quantity });
}

interface FanOutContext {
  readonly owner: GroupOwner;
  readonly group: GroupItem;
  readonly record: GroupOrderItem;
  readonly accounts: FanOutAccounts;
  readonly log: Logger;
}

/** Sends one target's order once; a refusal (or a failure before anything was recorded) is the target's reason. */
async function placeTarget(context: FanOutContext, target: GroupOrderTarget): Promise<TargetResult> {
  const { owner, record, log } = context;
  if (target.order_key === null) return { order: null, reason: target.reason };
  try {
    const account = await context.accounts.of(target);
    // An account that takes no order now is skipped, as the plan skips it when it already knows the account.
    const refusal = accountRefusal(account);
    if (refusal !== null || !account) {
      const reason = refusal ?? ACCOUNT_REMOVED_MESSAGE;
      const existing = await targetOrder(owner, target);
      return existing ? { order: existing, reason: null } : { order: null, reason: target.role === 'master' ? masterRefusal(reason) : reason, outcome: 'skipped' };
    }
    // A strategy subscriber's order is its own (its partition) and counts on the owner's group.
    const subscriber = target.account_owner_id !== null;
    const group = { grp_id: record.grp_id, grp_broker_id: target.grp_broker_id, group_order_id: record.group_order_id, ...(subscriber ? { grp_owner_id: owner.userId, strategy_name: context.group.grp_name } : {}) };
    // The master's order is read back (a rejection decides the children); the children's statuses follow on the next read.
    const statusReading = target.role === 'master' ? ('before-answer' as const) : ('next-read' as const);
    const command = { ticket: ticketFor(record, target.quantity), idempotencyKey: target.order_key, group, statusReading };
    const placed = await placeOrder(accountOwnerOf(owner, target), account, command, 'copytrading', log);
    return { order: placed.order, reason: null };
  } catch (error) {
    if (!(error instanceof DomainError)) log.error('group order target not placed', { groupOrderId: record.group_order_id, brokerId: target.broker_id, error });
    // An intent may have been recorded before the failure (or by an earlier attempt): that order is the outcome.
    const existing = await targetOrder(owner, target).catch(() => null);
    return existing ? { order: existing, reason: null } : { order: null, reason: refusalOf(error) };
  }
}

function isRefused(order: StoredOrder | null): order is StoredOrder {
  return order !== null && (order.status === 'rejected' || order.status === 'failed');
}

/** The children's results when the master's order was refused and the group does not place on a refused master (an order already there still counts). */
async function notPlacedAfterMaster(context: FanOutContext, children: readonly GroupOrderTarget[], master: StoredOrder): Promise<TargetResult[]> {
  const reason = `${MASTER_REJECTED_PREFIX} (${master.reason ?? master.status})`;
  return mapBounded(children, GROUP_FAN_OUT_CONCURRENCY, async (target) => {
    if (target.order_key === null) return { order: null, reason: target.reason };
    const existing = await targetOrder(context.owner, target);
    return existing ? { order: existing, reason: null } : { order: null, reason };
  });
}

/** Sends every target not yet placed (master first) and records each target's outcome on the group order. */
async function fanOut(context: FanOutContext): Promise<{ record: GroupOrderItem; results: TargetResult[] }> {
  const { record, group } = context;
  const masterIndex = record.targets.findIndex((target) => target.role === 'master');
  const master = masterIndex === -1 ? null : await placeTarget(context, record.targets[masterIndex] as GroupOrderTarget);
  const children = record.targets.filter((target) => target.role === 'child');
  const childResults =
    master && isRefused(master.order) && !group.place_rejected
      ? await notPlacedAfterMaster(context, children, master.order)
      : await mapBounded(children, ORDER_FAN_OUT_CONCURRENCY, (target) => placeTarget(context, target));
  let nextChild = 0;
  const results = record.targets.map((target) => (target.role === 'master' && master ? master : (childResults[nextChild++] as TargetResult)));
  const targets = record.targets.map((target, index) => {
    const result = results[index];
    // Skipped when sent (its account takes no order now): recorded as the plan records a skipped target.
    if (result?.outcome === 'skipped' && !result.order) return { ...target, quantity: 0, order_key: null, order_id: null, reason: result.reason };
    return { ...target, order_id: result?.order?.order_id ?? null, reason: result?.order ? null : (result?.reason ?? target.reason) };
  });
  return { record: await recordGroupOrderTargets(context.owner, record, targets, clockNow()), results };
}

/** An earlier request's group order under this key: answered as it stands, finished first if it was still placing. */
async function replay(owner: GroupOwner, command: GroupOrderCommand, group: GroupItem, log: Logger, found?: GroupPlacement | null): Promise<GroupOrderFanOut | null> {
  const placement = found === undefined ? await findGroupPlacement(owner, command.idempotencyKey) : found;
  if (!placement) return null;
  if (placement.grpId !== command.grpId || placement.fingerprint !== fingerprintOf(command)) throw new ConflictError(GROUP_PLACEMENT_KEY_REUSED_MESSAGE);
  const record = await getGroupOrder(owner, placement.grpId, placement.groupOrderId);
  if (!record) throw new Error(`Group order ${placement.groupOrderId} of idempotency key ${command.idempotencyKey} is missing`);
  // Only the targets' accounts, in pages: a still-placing order (a crash, a concurrent request, a mirror) sends as they arrive.
  const accounts = readFanOutAccounts(owner, record.targets);
  if (record.state === 'placing') {
    const finished = await fanOut({ owner, group, record, accounts, log });
    return toGroupOrderFanOut(finished.record, group, await accounts.all(), finished.results, true);
  }
  const [orders, known] = await Promise.all([targetOrders(owner, record.targets), accounts.all()]);
  return toGroupOrderFanOut(record, group, known, orders.map((order, index) => ({ order, reason: record.targets[index]?.reason ?? null })), true);
}

export async function placeGroupOrder(owner: GroupOwner, command: GroupOrderCommand, log: Logger): Promise<GroupOrderFanOut> {
  // The group, its children and the key are read at once (issue 22: the fan-out starts at once); another
  // user's group id finds no group and answers 404 as before.
  const [{ group, children }, placement] = await Promise.all([loadOwnedGroupAndChildren(owner, command.grpId), findGroupPlacement(owner, command.idempotencyKey)]);
  const ticket = normalisedTicket(command.ticket);
  const problems = ticketProblems(ticket);
  if (problems.length > 0) throw new OrderRulesError(problems);
  const normalised = { ...command, ticket };
  const replayed = await replay(owner, normalised, group, log, placement);
  if (replayed) return replayed;
  if (!group.trading_enabled) throw new BusinessRuleError(GROUP_TRADING_OFF_MESSAGE);

  const now = clockNow();
  const groupOrderId = ulid(now.getTime());
  // Planned from the children alone; their accounts are read in pages while the record is written, and
  // each target's account is checked as its order is sent (the first page's orders leave at once).
  const targets = planTargets({ group, children, accounts: null, instrument: ticket.instrument, masterQuantity: ticket.quantity, groupOrderId, at: now });
  const accounts = readFanOutAccounts(owner, targets);
  const written = await createGroupOrder(
    owner,
    {
      group_order_id: groupOrderId,
      grp_id: group.grp_id,
      ...fieldsOfTicket(ticket),
      origin: 'manual',
      placed_by: owner.userId,
      idempotency_key: command.idempotencyKey,
      fingerprint: fingerprintOf(normalised),
      targets,
    },
    now,
  );
  if (written.kind === 'key-used') {
    // A concurrent request with the same key recorded its group order first: answer (and help finish) that one.
    const concurrent = await replay(owner, normalised, group, log);
    if (!concurrent) throw new Error('Group idempotency key taken without a group order');
    return concurrent;
  }
  const placed = await fanOut({ owner, group, record: written.record, accounts, log });
  return toGroupOrderFanOut(placed.record, group, await accounts.all(), placed.results, false);
}
