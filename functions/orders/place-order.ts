import { ulid } from 'ulid';
import type { AccountOwner, BrokerAccountItem } from '../data/broker-accounts-repository';
import { findPlacement, getOrder, writeOrderIntent, type NewOrder, type OrderGroupLink, type OrderOrigin, type PlacementKey, type StoredOrder } from '../data/orders-repository';
import type { Logger } from '../platform/logger';
import { openBroker } from './account-adapter';
import { OrderGroupGoneError, OrderRulesError, PlacementKeyReusedError } from './order-errors';
import { orderPathSettings } from './order-path-settings';
import { recordFailed } from './order-records';
import { tagOfOrder } from './order-tag';
import { normalisedTicket, ticketProblems, type OrderTicket } from './order-ticket';
import { submitIntent } from './submit-intent';
import { assertTradable, OPENING_POLICY, type TradingPolicy } from './tradable-account';

export interface PlaceOrderCommand {
  readonly ticket: OrderTicket;
  /** The client's key: a retried request with the same key answers the first order. */
  readonly idempotencyKey: string | null;
  /** Copy trading: the group the order belongs to (counted on it), absent on every other order. */
  readonly group?: OrderGroupLink;
  /** False: answer once the broker accepted, without reading the order back (a fan-out's children); statuses follow on the next read. */
  readonly readBack?: boolean;
}

export interface PlacedOrder {
  readonly order: StoredOrder;
  /** True when an earlier request with the same idempotency key placed it. */
  readonly replayed: boolean;
}

function fingerprintOf(account: BrokerAccountItem, ticket: OrderTicket): string {
  const { instrument, action, orderType, product, quantity, price, triggerPrice } = ticket;
  return [account.broker_id, instrument.script_id, action, orderType, product, quantity, price, triggerPrice].join('|');
}

async function replayOf(owner: AccountOwner, placementKey: PlacementKey): Promise<PlacedOrder | null> {
  const placement = await findPlacement(owner, placementKey.key);
  if (!placement) return null;
  if (placement.fingerprint !== placementKey.fingerprint) throw new PlacementKeyReusedError();
  const order = await getOrder(owner, placement.orderId);
  if (!order) throw new Error(`Order ${placement.orderId} of idempotency key ${placementKey.key} is missing`);
  return { order, replayed: true };
}

function intentOf(account: BrokerAccountItem, ticket: OrderTicket, origin: OrderOrigin, orderId: string, group: OrderGroupLink | undefined): NewOrder {
  return {
    ...group,
    order_id: orderId,
    tag: tagOfOrder(orderId),
    broker_id: account.broker_id,
    broker: account.broker,
    origin,
    instrument: ticket.instrument,
    transaction_type: ticket.action,
    order_type: ticket.orderType,
    product: ticket.product,
    quantity: ticket.quantity,
    price: ticket.price,
    trigger_price: ticket.triggerPrice,
    status: 'pending',
    submission: 'SUBMITTING',
    broker_order_id: null,
    reason: null,
    filled_quantity: 0,
    average_price: null,
  };
}

/** The intent goes to the broker; a broker that cannot even be opened (no session…) places nothing: failed. */
async function send(owner: AccountOwner, account: BrokerAccountItem, intent: StoredOrder, log: Logger, readBack: boolean): Promise<StoredOrder> {
  let connection: Awaited<ReturnType<typeof openBroker>>;
  try {
    connection = await openBroker(owner, account, log);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return recordFailed(owner, intent, reason, orderPathSettings().clock());
  }
  try {
    return await submitIntent(owner, intent, connection.adapter, log, readBack);
  } finally {
    await connection.close();
  }
}

/**
 * Places one order (DESIGN.md §5 "Orders"): checks the ticket and the account, records the intent
 * (with the idempotency record, when the client sent a key) and only then sends it; every outcome,
 * including failures, stays visible on the order record.
 */
export async function placeOrder(
  owner: AccountOwner,
  account: BrokerAccountItem,
  command: PlaceOrderCommand,
  origin: OrderOrigin,
  log: Logger,
  policy: TradingPolicy = OPENING_POLICY,
): Promise<PlacedOrder> {
  const ticket = normalisedTicket(command.ticket);
  const problems = ticketProblems(ticket);
  if (problems.length > 0) throw new OrderRulesError(problems);
  assertTradable(account, policy);
  const placementKey = command.idempotencyKey === null ? null : { key: command.idempotencyKey, fingerprint: fingerprintOf(account, ticket) };
  // No read of the key first: the intent's transaction writes the key only if it is new, and a used
  // key is answered from its record, so a retry costs one refused write and a fresh order one fewer read.
  const now = orderPathSettings().clock();
  const intent = intentOf(account, ticket, origin, ulid(now.getTime()), command.group);
  const written = await writeOrderIntent(owner, intent, placementKey, 'Recorded; sending to the broker', now);
  if (written.kind === 'key-used') {
    const replay = placementKey && (await replayOf(owner, placementKey));
    if (!replay) throw new Error('Idempotency key taken without a placement');
    return replay;
  }
  if (written.kind === 'group-gone') throw new OrderGroupGoneError();
  return { order: await send(owner, account, written.order, log, command.readBack ?? true), replayed: false };
}
