import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import * as z from 'zod';
import { PAYMENT_ALERT_KINDS, paymentAlertSchema } from '../../../shared/contracts/payments';
import { dynamo } from '../../platform/clients';
import { decodeCursor, encodeCursor } from '../cursor';
import { tableName, writeIfConditionHolds } from '../table';
import { paymentKeys } from './payment-keys';

/** Alerts are kept for 180 days. */
const ALERT_RETENTION_SECONDS = 180 * 86_400;

export type PaymentAlertKind = (typeof PAYMENT_ALERT_KINDS)[number];

export interface NewPaymentAlert {
  readonly kind: PaymentAlertKind;
  readonly message: string;
  readonly merchantOrderId?: string | null;
  readonly paymentId?: string | null;
  readonly userId?: number | null;
  readonly sourceIp?: string | null;
}

/** The stored alert: the answer's fields, with the item's own creation time. */
export const paymentAlertItemSchema = paymentAlertSchema.omit({ create_time: true }).extend({ createdAt: z.string() });
export type PaymentAlertItem = z.infer<typeof paymentAlertItemSchema>;

export async function recordPaymentAlert(frchId: number, alert: NewPaymentAlert, now: Date): Promise<PaymentAlertItem> {
  const id = ulid(now.getTime());
  const at = now.toISOString();
  const item: PaymentAlertItem = {
    id,
    kind: alert.kind,
    message: alert.message.slice(0, 500),
    merchant_order_id: alert.merchantOrderId?.slice(0, 100) ?? null,
    payment_id: alert.paymentId ?? null,
    user_id: alert.userId ?? null,
    source_ip: alert.sourceIp?.slice(0, 64) ?? null,
    createdAt: at,
  };
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...paymentKeys.alert(frchId, at, id), entity: 'payment-alert', ...item, expiresAt: Math.floor(now.getTime() / 1000) + ALERT_RETENTION_SECONDS },
    }),
  );
  return item;
}

/** Claims the notification window of one kind of alert (true for the first claim in the window). */
export function claimAlertWindow(frchId: number, kind: PaymentAlertKind, windowStartMs: number, windowMs: number): Promise<boolean> {
  return writeIfConditionHolds(() =>
    dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...paymentKeys.alertWindow(frchId, kind, windowStartMs), entity: 'payment-alert-window', expiresAt: Math.ceil((windowStartMs + windowMs) / 1000) + 3600 },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}

/** The franchise's alerts, newest first, one page at a time. */
export async function listPaymentAlerts(frchId: number, page: { limit: number; cursor?: string | undefined }): Promise<{ items: PaymentAlertItem[]; nextCursor: string | null }> {
  const partition = paymentKeys.alertsPartition(frchId);
  const answer = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': paymentKeys.alertPrefix },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, partition),
    }),
  );
  return { items: (answer.Items ?? []).map((raw) => paymentAlertItemSchema.parse(raw)), nextCursor: encodeCursor(answer.LastEvaluatedKey) };
}
