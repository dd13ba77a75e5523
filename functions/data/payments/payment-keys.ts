import { userKeys, type ItemKey } from '../keys';

/** Whose payment: a user of a franchise. */
export interface PaymentOwner {
  readonly frchId: number;
  readonly userId: number;
}

/** Sparse GSI1 entries of payments still waiting for PhonePe, spread over a few partitions. */
export const PENDING_PAYMENT_SHARDS = 4;

/** The shard of a payment id (a ULID): from its random tail, so payments made together spread. */
export function pendingShardOf(paymentId: string): number {
  return (paymentId.charCodeAt(paymentId.length - 1) + paymentId.charCodeAt(paymentId.length - 2)) % PENDING_PAYMENT_SHARDS;
}

/**
 * Payments (issue 17):
 * - the payment `PAYMENT#<ulid>` in the owner's partition (ULIDs sort by time: newest first is a descending begins_with);
 *   while it waits for PhonePe, GSI1 `PAYPENDING#<shard>` / `<next check ISO>#<frch>#<user>#<id>` (the
 *   reconciliation schedule reads what is due); always GSI2 `FR#<frch>#PAYMENTS` / `<created ISO>#<id>` (the
 *   franchise's payments for the broker panel);
 * - the merchant-order lookup `FR#<frch>#PAYORDER#<merchant order id>` / `LOOKUP` (a webhook names the order),
 *   written in the payment's transaction;
 * - the franchise's PhonePe settings `FR#<frch>` / `PAYCONFIG#PHONEPE` (secrets sealed);
 * - refunds `PAYREFUND#<payment id>#<nnn>` in the owner's partition (the payment's n-th refund); while PhonePe has
 *   not settled one, GSI1 `PAYREFUNDDUE` / `<next check ISO>#<frch>#<user>#<payment id>#<n>` (the schedule follows it);
 * - payment alerts `FR#<frch>#PAYALERTS` / `ALERT#<ISO>#<ulid>` and their notification windows `THROTTLE#<kind>#<window>`.
 */
export const paymentKeys = {
  item: (owner: PaymentOwner, paymentId: string): ItemKey => ({ PK: userKeys.partition(owner.frchId, owner.userId), SK: `PAYMENT#${paymentId}` }),
  partition: (owner: PaymentOwner) => userKeys.partition(owner.frchId, owner.userId),
  prefix: 'PAYMENT#',
  orderLookup: (frchId: number, merchantOrderId: string): ItemKey => ({ PK: `FR#${frchId}#PAYORDER#${merchantOrderId}`, SK: 'LOOKUP' }),
  pendingPartition: (shard: number) => `PAYPENDING#${shard}`,
  pendingEntry: (owner: PaymentOwner, paymentId: string, dueIso: string) => ({
    GSI1PK: paymentKeys.pendingPartition(pendingShardOf(paymentId)),
    GSI1SK: `${dueIso}#${owner.frchId}#${owner.userId}#${paymentId}`,
  }),
  /** The owner and payment a pending entry's sort key names. */
  pendingRefOf: (sortKey: string): (PaymentOwner & { paymentId: string }) | null => {
    const [, frch, user, paymentId] = sortKey.split('#');
    const frchId = Number(frch);
    const userId = Number(user);
    return paymentId && Number.isInteger(frchId) && Number.isInteger(userId) ? { frchId, userId, paymentId } : null;
  },
  franchiseListing: (frchId: number, createdIso: string, paymentId: string) => ({ GSI2PK: `FR#${frchId}#PAYMENTS`, GSI2SK: `${createdIso}#${paymentId}` }),
  phonePeConfig: (frchId: number): ItemKey => ({ PK: `FR#${frchId}`, SK: 'PAYCONFIG#PHONEPE' }),
  alertsPartition: (frchId: number) => `FR#${frchId}#PAYALERTS`,
  alert: (frchId: number, atIso: string, id: string): ItemKey => ({ PK: paymentKeys.alertsPartition(frchId), SK: `ALERT#${atIso}#${id}` }),
  alertPrefix: 'ALERT#',
  alertWindow: (frchId: number, kind: string, windowStart: number): ItemKey => ({ PK: paymentKeys.alertsPartition(frchId), SK: `THROTTLE#${kind}#${windowStart}` }),
  refund: (owner: PaymentOwner, paymentId: string, number: number): ItemKey => ({
    PK: userKeys.partition(owner.frchId, owner.userId),
    SK: `${paymentKeys.refundPrefix(paymentId)}${String(number).padStart(3, '0')}`,
  }),
  refundPrefix: (paymentId: string) => `PAYREFUND#${paymentId}#`,
  refundsDuePartition: 'PAYREFUNDDUE',
  refundDueEntry: (owner: PaymentOwner, paymentId: string, number: number, dueIso: string) => ({
    GSI1PK: paymentKeys.refundsDuePartition,
    GSI1SK: `${dueIso}#${owner.frchId}#${owner.userId}#${paymentId}#${number}`,
  }),
  /** The refund a due entry's sort key names. */
  refundDueRefOf: (sortKey: string): (PaymentOwner & { paymentId: string; number: number }) | null => {
    const [, frch, user, paymentId, n] = sortKey.split('#');
    const frchId = Number(frch);
    const userId = Number(user);
    const number = Number(n);
    return paymentId && Number.isInteger(frchId) && Number.isInteger(userId) && Number.isInteger(number) ? { frchId, userId, paymentId, number } : null;
  },
};
