import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { userKeys } from './keys';
import { tableName } from './table';
import { dynamo } from '../platform/clients';

const adminRowSchema = z.object({ user_id: z.number().int().positive() });

/**
 * The active broker-panel users of a franchise (its administrators, spec §6): the franchise's user
 * listing (GSI1), filtered on the role flag. Reads every user of the franchise, which is fine for a
 * rare alert; a sparse admin index would be the fix if franchises grow very large.
 */
export async function* listBrokerPanelAdmins(frchId: number): AsyncGenerator<number> {
  // The listing's partition is the same for every user of the franchise.
  const { GSI1PK } = userKeys.franchiseListing(frchId, 0);
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        FilterExpression: 'is_brokerpanel = :yes AND profile_status = :active',
        ProjectionExpression: 'user_id',
        ExpressionAttributeValues: { ':pk': GSI1PK, ':yes': true, ':active': 'active' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const row of page.Items ?? []) yield adminRowSchema.parse(row).user_id;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
