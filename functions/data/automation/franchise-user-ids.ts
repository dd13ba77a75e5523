import * as z from 'zod';
import { userKeys } from '../keys';
import { queryPages } from '../table';

const userRowSchema = z.object({ user_id: z.number().int().positive() });

/** Every user of a franchise, page by page through its user listing (GSI1), ids only. */
export async function* franchiseUserIds(frchId: number): AsyncGenerator<readonly number[]> {
  const { GSI1PK } = userKeys.franchiseListing(frchId, 0);
  const pages = queryPages({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ProjectionExpression: 'user_id', ExpressionAttributeValues: { ':pk': GSI1PK } });
  for await (const page of pages) yield page.items.map((row) => userRowSchema.parse(row).user_id);
}
