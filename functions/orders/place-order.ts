import { ulid } from 'ulid';
import type { AccountOwner, BrokerAccountItem } from '../data/broker-accounts-repository';
import { getOrder, type NewOrder, type OrderGroupLink, type OrderOrigin, type StoredOrder } from '../data/orders/order';
import { findPlacement, writeOrderIntent, type PlacementKey } from '../data/orders/order-placement';
import type { TransactItem } from '../data/table';
import { now as clockNow } from '../platform/clock';
import { getBrokerAccount } from '../data/broker-accounts-repository';
import { accountUnchanged, forgetRecentBrokerAccount } from '../data/recent-broker-accounts';
import { ACCOUNT_NOT_FOUND_MESSAGE } from '../broker-accounts/accounts/owned-account';
import { ConflictError, DomainError, NotFoundError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { openBroker } from './account-adapter';
import { automationRefusal } from './automation-guard';
import { OrderGroupGoneError, OrderRulesError, PlacementKeyReusedError } from './order-errors';
import { recordFailed } from './order-records';
import { tagOfOrder } from './order-tag';
import { fieldsOfTicket, normalisedTicket, ticketProblems, type OrderTicket } from './order-ticket';
import { submitIntent, type StatusReading } from './submit-intent';
import { assertTradable, OPENING_POLICY, type TradingPolicy } from './tradable-account';

export interface PlaceOrderCommand {
  readonly ticket: OrderTicket;
  /** The client's key: a retried request with the same key answers the first order. */
  readonly idempotencyKey: string | null;
  /** Copy trading: the group the order belongs to (counted on it), absent on every other order. */
  readonly group?: OrderGroupLink;
  /** When an accepted order's status is read (submit-intent.ts `StatusReading`); a direct order's by default: after the answer. */
  readonly statusReading?: StatusReading;
  /**
   * True: the account is a recent copy (data/recent-broker-accounts.ts), trusted because the intent's
   * transaction checks its version; a changed account is read afresh and decides.
   */
  readonly accountIsRecentCopy?: boolean;
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
    ...fieldsOfTicket(ticket),
    status: 'pending',
    submission: 'SUBMITTING',
    broker_order_id: null,
    reason: null,
    filled_quantity: 0,
    average_price: null,
  };
}

/** The intent goes to the broker; a broker that cannot even be opened (no session…) places nothing: failed. */
async function send(owner: AccountOwner, account: BrokerAccountItem, intent: StoredOrder, log: Logger, reading: StatusReading): Promise<StoredOrder> {
  let connection: Awaited<ReturnType<typeof openBroker>>;
  try {
    connection = await openBroker(owner, account, log);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return recordFailed(owner, intent, reason, clockNow());
  }
  try {
    return await submitIntent(owner, intent, connection.adapter, log, reading);
  } finally {
    await connection.close();
  }
}

/**
 * A write that must happen in the same transaction as an order's intent, or not at all (the signal
 * worker's new position, written with its first entry claimed): its condition failing writes nothing.
 */
export type IntentCompanion = TransactItem;

export type RecordedIntent =
  /** `account` as the intent was checked against: the one to send with. */
  | { readonly kind: 'recorded'; readonly intent: StoredOrder; readonly account: BrokerAccountItem }
  /** The idempotency key placed an order before: that order, nothing new written. */
  | { readonly kind: 'replayed'; readonly placed: PlacedOrder }
  /** The companion's condition did not hold: nothing was written. */
  | { readonly kind: 'companion-refused' };

/**
 * The first half of placing an order: checks the ticket and the account, and records the intent (with
 * the idempotency record, when the caller sent a key, and the companion write, when given) — nothing is
 * sent yet. `sendIntent` is the second half.
 */
export async function recordIntent(
  owner: AccountOwner,
  account: BrokerAccountItem,
  command: PlaceOrderCommand,
  origin: OrderOrigin,
  policy: TradingPolicy = OPENING_POLICY,
  companion: IntentCompanion | null = null,
): Promise<RecordedIntent> {
  if (!command.accountIsRecentCopy) return withoutAccountCheck(await recordIntentChecked(owner, account, command, origin, policy, companion, null));
  try {
    const recorded = await recordIntentChecked(owner, account, command, origin, policy, companion, accountUnchanged(account));
    if (recorded.kind !== 'account-changed') return recorded;
  } catch (refusal) {
    // Refused on what the copy says (trading off…): the account as stored decides.
    if (!(refusal instanceof DomainError)) throw refusal;
  }
  forgetRecentBrokerAccount(owner, account.broker_id);
  const stored = await getBrokerAccount(owner, account.broker_id);
  if (!stored) throw new NotFoundError(ACCOUNT_NOT_FOUND_MESSAGE);
  return withoutAccountCheck(await recordIntentChecked(owner, stored, command, origin, policy, companion, null));
}

function withoutAccountCheck(recorded: RecordedIntent | { readonly kind: 'account-changed' }): RecordedIntent {
  if (recorded.kind === 'account-changed') throw new Error('No account check was written, yet one failed');
  return recorded;
}

async function recordIntentChecked(
  owner: AccountOwner,
  account: BrokerAccountItem,
  command: PlaceOrderCommand,
  origin: OrderOrigin,
  policy: TradingPolicy,
  companion: IntentCompanion | null,
  accountCheck: TransactItem | null,
): Promise<RecordedIntent | { readonly kind: 'account-changed' }> {
  const ticket = normalisedTicket(command.ticket);
  const placementKey = command.idempotencyKey === null ? null : { key: command.idempotencyKey, fingerprint: fingerprintOf(account, ticket) };
  try {
    const problems = ticketProblems(ticket);
    if (problems.length > 0) throw new OrderRulesError(problems);
    assertTradable(account, policy);
  } catch (refusal) {
    // A retry of a placed order answers that order, never a refusal its first request did not get
    // (trading turned off since, …): the key is looked up only on this refusing path.
    const replay = placementKey && (await replayOf(owner, placementKey));
    if (replay) return { kind: 'replayed', placed: replay };
    throw refusal;
  }
  // No read of the key first: the intent's transaction writes the key only if it is new, and a used
  // key is answered from its record, so a retry costs one refused write and a fresh order one fewer read.
  const now = clockNow();
  const intent = intentOf(account, ticket, origin, ulid(now.getTime()), command.group);
  const written = await writeOrderIntent(owner, intent, placementKey, 'Recorded; sending to the broker', now, companion, accountCheck);
  if (written.kind === 'account-changed') return written;
  if (written.kind === 'automation-stopped') throw await automationRefusal(owner);
  if (written.kind === 'companion-refused') return written;
  if (written.kind === 'key-used') {
    const replay = placementKey && (await replayOf(owner, placementKey));
    if (!replay) throw new Error('Idempotency key taken without a placement');
    return { kind: 'replayed', placed: replay };
  }
  if (written.kind === 'group-gone') throw new OrderGroupGoneError();
  return { kind: 'recorded', intent: written.order, account };
}

/** The second half: sends a recorded intent to the account's broker; every outcome stays on the order record. */
export function sendIntent(owner: AccountOwner, account: BrokerAccountItem, intent: StoredOrder, log: Logger, reading: StatusReading = 'after-answer'): Promise<StoredOrder> {
  return send(owner, account, intent, log, reading);
}

/** A retry of a request whose order is still being sent (the intent is recorded, the broker not yet answered): 409. */
export const PLACEMENT_IN_PROGRESS_MESSAGE = 'An order with this idempotency key is still being placed. Retry in a moment to get its result.';

/**
 * What a client's request answers (issue 14): its own order, or the first request's with the same key
 * once that one is through; while the first is still sending, 409 "in progress" — never another result.
 */
export function answerOfPlacement(placed: PlacedOrder): PlacedOrder {
  if (placed.replayed && placed.order.submission === 'SUBMITTING') throw new ConflictError(PLACEMENT_IN_PROGRESS_MESSAGE);
  return placed;
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
  const recorded = await recordIntent(owner, account, command, origin, policy);
  if (recorded.kind === 'replayed') return recorded.placed;
  if (recorded.kind === 'companion-refused') throw new Error('No companion write was given, yet one was refused');
  return { order: await sendIntent(owner, recorded.account, recorded.intent, log, command.statusReading ?? 'after-answer'), replayed: false };
}
