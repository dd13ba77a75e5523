import * as z from 'zod';
import { orderKeys, userKeys } from '../keys';
import { storedOrderSchema, type StoredOrder } from '../orders/order';
import { queryAllPages, queryPages } from '../table';

/** An order of the franchise's day listing, with whose it is. */
export interface FranchiseOrderItem extends StoredOrder {
  readonly userId: number;
}

const userRowSchema = z.object({ user_id: z.number().int().positive() });

/** How many users' partitions are read at once. */
const PARALLEL_USERS = 8;

/**
 * Every order of the franchise's users placed on one trading day (Asia/Kolkata yyyy-MM-dd). Orders live
 * in each user's partition (`ORD#<day>#<id>`) and no index lists a franchise's orders, so this walks the
 * franchise's user listing (GSI1) and reads each user's day with one begins_with Query — one read per
 * user, which suits a nightly export; a sparse franchise-day index would be the fix for very large
 * franchises. Ordered by user, then by order id (time).
 */
export async function listFranchiseOrdersOfDay(frchId: number, day: string): Promise<FranchiseOrderItem[]> {
  const { GSI1PK } = userKeys.franchiseListing(frchId, 0);
  const userIds: number[] = [];
  for await (const page of queryPages({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ProjectionExpression: 'user_id', ExpressionAttributeValues: { ':pk': GSI1PK } })) {
    for (const row of page.items) userIds.push(userRowSchema.parse(row).user_id);
  }
  const perUser: FranchiseOrderItem[][] = [];
  for (let start = 0; start < userIds.length; start += PARALLEL_USERS) {
    const batch = userIds.slice(start, start + PARALLEL_USERS);
    perUser.push(
      ...(await Promise.all(
        batch.map(async (userId) => {
          const items = await queryAllPages({
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
            FilterExpression: '#entity = :order',
            ExpressionAttributeNames: { '#entity': 'entity' },
            ExpressionAttributeValues: { ':pk': userKeys.partition(frchId, userId), ':prefix': orderKeys.dayPrefix(day), ':order': 'order' },
          });
          return items.map((item) => ({ ...storedOrderSchema.parse(item), userId }));
        }),
      )),
    );
  }
  return perUser.flat().sort((a, b) => a.userId - b.userId || a.order_id.localeCompare(b.order_id));
}
