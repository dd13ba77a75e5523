import { setTimeout as pause } from 'node:timers/promises';
import type { BrokerAdapter, BrokerOrder, OrderRequest, PlaceOutcome } from '../broker-adapters/broker-adapter';
import { AmbiguousOutcomeError, BrokerRejectedError } from '../broker-adapters/http/broker-errors';
import type { OrderOwner, StoredOrder } from '../data/orders/order';
import { now } from '../platform/clock';
import { DomainError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { algoIdOf } from './order-algo-id';
import { orderPathSettings } from './order-path-settings';
import { ticketFromFields } from './order-ticket';
import { recordAccepted, recordBrokerView, recordChange, recordFailed } from './order-records';
import { canFollowUpLater, requestStatusFollowUp } from './order-status-follow-up';
import { settleByTag } from './settle-by-tag';

/**
 * Sending a recorded intent (DESIGN.md §5 "Orders"): accepted → SUBMITTED with the broker's id;
 * rejected → rejected with the broker's reason; provably not placed → failed; ambiguous (timeout,
 * 5xx after sending, any unexpected error) → UNKNOWN, then settled by looking the tag up in the
 * broker's order book — found → SUBMITTED, still absent after a re-check → failed. Never re-sent.
 */
type SendOutcome = PlaceOutcome | { readonly kind: 'not-placed'; readonly reason: string };
type AcceptedOutcome = Extract<PlaceOutcome, { kind: 'accepted' }>;

/**
 * When an accepted order's status is read from the broker (ADR 0017): `after-answer` — the order
 * answers at once and one follow-up read brings the status (a direct order); `before-answer` — read
 * back before answering, because the caller decides on it (a group's master order decides its
 * children, a signal's entry its position); `next-read` — left to the next read of the orders (a
 * fan-out's children, many accounts at once).
 */
export type StatusReading = 'after-answer' | 'before-answer' | 'next-read';

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

/** Asks for the status to follow; a lost request only leaves it to the next read of the orders. */
async function followUpLater(owner: OrderOwner, order: StoredOrder, log: Logger): Promise<void> {
  try {
    await requestStatusFollowUp(owner, order);
  } catch (error) {
    log.warn('order status follow-up not requested; the next read of the orders brings the status', { orderId: order.order_id, error });
  }
}

/**
 * An accepted order, recorded in one write: with the status the broker's answer already held (the
 * paper exchange's fill), or SUBMITTED while its status is read as `reading` says. The follow-up is
 * requested beside the write, so the answer waits for no more than the write; a process without the
 * signal queue reads the order back before answering instead.
 */
async function recordAcceptance(owner: OrderOwner, order: StoredOrder, outcome: AcceptedOutcome, adapter: BrokerAdapter, log: Logger, reading: StatusReading): Promise<StoredOrder> {
  const note = `Accepted by the broker as ${outcome.brokerOrderId}`;
  if (outcome.view) return recordAccepted(owner, order, outcome.brokerOrderId, note, now(), outcome.view);
  if (reading === 'next-read') return recordAccepted(owner, order, outcome.brokerOrderId, note, now());
  if (reading === 'before-answer' || !canFollowUpLater()) return refreshSubmitted(owner, await recordAccepted(owner, order, outcome.brokerOrderId, note, now()), adapter, log);
  const [submitted] = await Promise.all([recordAccepted(owner, order, outcome.brokerOrderId, note, now()), followUpLater(owner, order, log)]);
  return submitted;
}

/**
 * Sends the intent once and records the outcome: one broker call before the answer. An accepted
 * order's status (its fill or an immediate RMS rejection) is read as `reading` says.
 */
export async function submitIntent(owner: OrderOwner, order: StoredOrder, adapter: BrokerAdapter, log: Logger, reading: StatusReading = 'after-answer'): Promise<StoredOrder> {
  const algoId = await algoIdOf(owner.frchId, order.broker, order.origin, log);
  const outcome = await send(adapter, algoId ? { ...brokerRequestOf(order), algoId } : brokerRequestOf(order));
  switch (outcome.kind) {
    case 'accepted':
      return recordAcceptance(owner, order, outcome, adapter, log, reading);
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
