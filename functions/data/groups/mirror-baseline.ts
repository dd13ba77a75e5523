import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../../platform/clients';
import { groupMirrorKeys } from '../keys';
import { isConditionFailure, tableName } from '../table';
import type { GroupOwner } from './group-keys';

/**
 * The mirror baseline of a group, `MIRRORBASE#<grp_id>` in the owner's partition: one item per group,
 * replaced only by the baseline of a later master connection (a conditional put).
 */

/**
 * The baseline of a group's mirroring: the broker order ids on the master's book when it was connected
 * (`connected_at` is the group's `master_connected_at`). Those orders are never copied; a new
 * connection (a later instant) replaces the baseline of the previous one.
 */
export const mirrorBaselineItemSchema = z.object({
  grp_id: z.string(),
  master_broker_id: z.string(),
  connected_at: z.string(),
  broker_order_ids: z.array(z.string()),
  createdAt: z.string(),
});
export type MirrorBaselineItem = z.infer<typeof mirrorBaselineItemSchema>;

export async function getMirrorBaseline(owner: GroupOwner, grpId: string): Promise<MirrorBaselineItem | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: groupMirrorKeys.baseline(owner.frchId, owner.userId, grpId), ConsistentRead: true }),
  );
  return Item ? mirrorBaselineItemSchema.parse(Item) : null;
}

/** Writes the baseline of a connection unless one of this or a later connection is there already (false then: read it). */
export async function putMirrorBaseline(owner: GroupOwner, baseline: Omit<MirrorBaselineItem, 'createdAt'>, now: Date): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...groupMirrorKeys.baseline(owner.frchId, owner.userId, baseline.grp_id), entity: 'group-mirror-baseline', ...baseline, createdAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(PK) OR connected_at < :connectedAt',
        ExpressionAttributeValues: { ':connectedAt': baseline.connected_at },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
