import * as z from 'zod';
import { userKeys } from './keys';
import { queryPages } from './table';

const adminRowSchema = z.object({ user_id: z.number().int().positive() });

/**
 * The active broker-panel users of a franchise (its administrators, spec §6): the franchise's user
 * listing (GSI1), filtered on the role flag. Reads every user of the franchise, which is fine for a
 * rare alert; a sparse admin index would be the fix if franchises grow very large.
 */
export async function* listBrokerPanelAdmins(frchId: number): AsyncGenerator<number> {
  // The listing's partition is the same for every user of the franchise.
  const { GSI1PK } = userKeys.franchiseListing(frchId, 0);
  const pages = queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    FilterExpression: 'is_brokerpanel = :yes AND profile_status = :active',
    ProjectionExpression: 'user_id',
    ExpressionAttributeValues: { ':pk': GSI1PK, ':yes': true, ':active': 'active' },
  });
  for await (const page of pages) for (const row of page.items) yield adminRowSchema.parse(row).user_id;
}
