import * as z from 'zod';
import { SIGNAL_QUEUE } from '../../shared/config/queues';
import { getBrokerAccount } from '../data/broker-accounts-repository';
import { getOrder, type OrderOwner, type StoredOrder } from '../data/orders/order';
import { sqs } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { config } from '../platform/config';
import type { Logger } from '../platform/logger';
import type { QueueMessage } from '../signals/queue/queue-message';
import { withBroker } from './account-adapter';
import { recordBrokerView } from './order-records';
import { settleByTag } from './settle-by-tag';

/**
 * The early answer's second half (ADR 0017): an order answers as soon as its broker accepted it, and
 * its status — what a read-back of the order book gave before the answer — follows through one
 * message on the signal queue, which the signal worker turns into one read of the account's order
 * book. Every write it makes is conditioned on the order's version, so the status lands once
 * whichever comes first: this follow-up, a postback, or the user's next read of the orders.
 */
export const ORDER_STATUS_MESSAGE_KIND = 'order-status';

const orderStatusPayloadSchema = z.object({ frch_id: z.number().int(), user_id: z.number().int(), order_id: z.string().min(1) });
type OrderStatusPayload = z.infer<typeof orderStatusPayloadSchema>;

/** Thrown when the order's acceptance is not recorded yet and the book does not show its tag: the message is retried. */
export class FollowUpTooEarlyError extends Error {}

// Loaded on first send, like the client: a route that never places an order never loads the SQS SDK.
let sqsSdkLoad: Promise<typeof import('@aws-sdk/client-sqs')> | undefined;
const sqsSdk = () => (sqsSdkLoad ??= import('@aws-sdk/client-sqs'));

/** True when this process can send follow-ups (a function without the queue reads the status back inline). */
export function canFollowUpLater(): boolean {
  return config().signalQueueUrl !== undefined;
}

/**
 * Asks for the order's status to be read once, soon. The order is its own message group (follow-ups
 * of different orders run in parallel) and its id the deduplication id, so a repeated request within
 * SQS's five-minute window is one read.
 */
export async function requestStatusFollowUp(owner: OrderOwner, order: StoredOrder): Promise<void> {
  const queueUrl = config().signalQueueUrl;
  if (!queueUrl) throw new Error('The signal queue URL is not configured');
  const payload: OrderStatusPayload = { frch_id: owner.frchId, user_id: owner.userId, order_id: order.order_id };
  const message: QueueMessage = { kind: ORDER_STATUS_MESSAGE_KIND, messageId: `order-status-${order.order_id}`, enqueuedAt: clockNow().toISOString(), payload };
  const { SendMessageCommand } = await sqsSdk();
  await (await sqs()).send(
    new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message), MessageGroupId: order.order_id, MessageDeduplicationId: message.messageId }),
  );
}

/** Brings one order in line with one read of its account's order book; an order no longer pending needs nothing. */
async function followUp(owner: OrderOwner, order: StoredOrder, log: Logger): Promise<StoredOrder> {
  const account = await getBrokerAccount(owner, order.broker_id);
  if (!account || account.status !== 'connected') return order;
  const book = await withBroker(owner, account, log, (adapter) => adapter.orderBook());
  if (order.broker_order_id !== null) {
    const row = book.find((brokerOrder) => brokerOrder.brokerOrderId === order.broker_order_id);
    return row ? recordBrokerView(owner, order, row, clockNow()) : order;
  }
  // The message was sent beside the acceptance's write, which has not landed: the tag settles it (the
  // acceptance's own write then finds the order moved and keeps it), or the message comes back later.
  const settled = await settleByTag(owner, order, book, log);
  if (settled === 'absent') throw new FollowUpTooEarlyError(`Order ${order.order_id} is not in the broker's book yet`);
  return settled;
}

/**
 * The signal worker's processor of `order-status` messages. Too early on its last delivery, it gives
 * up quietly rather than end in the dead-letter queue: the next read of the orders settles the order.
 */
export async function followUpOrderStatus(payload: unknown, log: Logger, receiveCount = 1): Promise<void> {
  const { frch_id: frchId, user_id: userId, order_id: orderId } = orderStatusPayloadSchema.parse(payload);
  const owner = { frchId, userId };
  const order = await getOrder(owner, orderId);
  if (!order) {
    log.warn('order of a status follow-up not found', { orderId });
    return;
  }
  if (order.status !== 'pending' || order.submission === 'REJECTED') return;
  try {
    await followUp(owner, order, log);
  } catch (error) {
    if (!(error instanceof FollowUpTooEarlyError) || receiveCount < SIGNAL_QUEUE.maxReceiveCount) throw error;
    log.warn('order status not followed up; the next read of the orders settles it', { orderId, error });
  }
}
