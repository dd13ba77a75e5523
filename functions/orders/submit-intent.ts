import { setTimeout as pause } from 'node:timers/promises';
import type { BrokerAdapter, BrokerOrder, OrderRequest, PlaceOutcome } from '../broker-adapters/broker-adapter';
import { AmbiguousOutcomeError, BrokerRejectedError } from '../broker-adapters/http/broker-errors';
import { findByTag } from '../broker-adapters/http/reconcile';
import type { OrderOwner, StoredOrder } from '../data/orders/order';
import { now } from '../platform/clock';
import { DomainError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { algoIdOf } from './order-algo-id';
import { orderPathSettings } from './order-path-settings';
import { ticketFromFields } from './order-ticket';
import { recordAccepted, recordBrokerView, recordChange, recordFailed } from './order-records';

/**
 * Sending a recorded intent (DESIGN.md §5 "Orders"): accepted → SUBMITTED with the broker's id;
 * rejected → rejected with the broker's reason; provably not placed → failed; ambiguous (timeout,
 * 5xx after sending, any unexpected error) → UNKNOWN, then settled by looking the tag up in the
 * broker's order book — found → SUBMITTED, still absent after a re-check → failed. Never re-sent.
 */
type SendOutcome = PlaceOutcome | { readonly kind: 'not-placed'; readonly reason: string };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A thrown place call: typed platform errors say what happened; anything else may have reached the broker. */
export function sendOutcomeOfError(error: unknown): SendOutcome {
  if (error instanceof BrokerRejectedError) return { kind: 'rejected', reason: error.message };
  if (error instanceof AmbiguousOutcomeError) return { kind: 'unknown', reason: error.message };
  if (error instanceof DomainError) return { kind: 'not-placed', reason: error.message };
  return { kind: 'unknown', reason: messageOf(error) };
}

async function send(adapter: BrokerAdapter, request: OrderRequest): Promise<SendOutcome> {
  try {
    return await adapter.placeOrder(request);
  } catch (error) {
    return sendOutcomeOfError(error);
  }
}

export function brokerRequestOf(order: StoredOrder): OrderRequest {
  return { ...ticketFromFields(order.instrument, order), tag: order.tag };
}

/** The broker's row for a submitted order, applied when it can be read (a failed read leaves the order as is). */
export async function refreshSubmitted(owner: OrderOwner, order: StoredOrder, adapter: BrokerAdapter, log: Logger): Promise<StoredOrder> {
  try {
    const row = (await adapter.orderBook()).find((brokerOrder) => brokerOrder.brokerOrderId === order.broker_order_id);
    return row ? await recordBrokerView(owner, order, row, now()) : order;
  } catch (error) {
    log.warn('order book not read after placing', { orderId: order.order_id, error });
    return order;
  }
}

/** Looks an unsettled order's tag up in one read of the order book: SUBMITTED when found, else 'absent'. */
export async function settleByTag(owner: OrderOwner, order: StoredOrder, book: readonly BrokerOrder[], log: Logger): Promise<StoredOrder | 'absent'> {
  const found = findByTag(book, order.tag);
  if (found.kind === 'absent') return 'absent';
  if (found.duplicates.length > 0) log.error('several broker orders carry one tag', { orderId: order.order_id, tag: order.tag, count: found.duplicates.length + 1 });
  const note = `Found in the broker's order book by tag ${order.tag} as ${found.order.brokerOrderId}`;
  const submitted = await recordAccepted(owner, order, found.order.brokerOrderId, note, now());
  return recordBrokerView(owner, submitted, found.order, now());
}

const CHECKS_BEFORE_FAILING = 2;

/** An UNKNOWN outcome: the order book decides; an unreadable book leaves the order UNKNOWN for a later read. */
async function settleUnknown(owner: OrderOwner, order: StoredOrder, adapter: BrokerAdapter, log: Logger): Promise<StoredOrder> {
  const settings = orderPathSettings();
  for (let check = 1; check <= CHECKS_BEFORE_FAILING; check += 1) {
    if (check > 1) await pause(settings.recheckPauseMs);
    let book: readonly BrokerOrder[];
    try {
      book = await adapter.orderBook();
    } catch (error) {
      log.warn('order book not readable; the order stays UNKNOWN', { orderId: order.order_id, error });
      return order;
    }
    const settled = await settleByTag(owner, order, book, log);
    if (settled !== 'absent') return settled;
  }
  return recordFailed(owner, order, `Not placed: the broker has no order tagged ${order.tag} (${order.reason ?? 'outcome unknown'})`, now());
}

/**
 * Sends the intent once and records the outcome. An accepted order is read back from the order book
 * (its fill or an immediate RMS rejection) unless `readBack` is off: a fan-out to many accounts
 * answers as soon as each broker accepted, and the statuses follow on the next read.
 */
export async function submitIntent(owner: OrderOwner, order: StoredOrder, adapter: BrokerAdapter, log: Logger, readBack = true): Promise<StoredOrder> {
  const algoId = await algoIdOf(owner.frchId, order.broker, order.origin, log);
  const outcome = await send(adapter, algoId ? { ...brokerRequestOf(order), algoId } : brokerRequestOf(order));
  switch (outcome.kind) {
    case 'accepted': {
      const note = `Accepted by the broker as ${outcome.brokerOrderId}`;
      const submitted = await recordAccepted(owner, order, outcome.brokerOrderId, note, now());
      return readBack ? refreshSubmitted(owner, submitted, adapter, log) : submitted;
    }
    case 'rejected':
      return recordChange(owner, order, { status: 'rejected', submission: 'REJECTED', reason: outcome.reason }, `Rejected by the broker: ${outcome.reason}`, now());
    case 'not-placed':
      return recordFailed(owner, order, outcome.reason, now());
    case 'unknown': {
      const note = `Outcome unknown (${outcome.reason}); looking the tag up in the order book`;
      const unknown = await recordChange(owner, order, { submission: 'UNKNOWN', reason: outcome.reason }, note, now());
      return settleUnknown(owner, unknown, adapter, log);
    }
  }
}
