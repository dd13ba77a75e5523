import { groupMasterIndexKeys } from '../keys';
import { queryAllPages } from '../table';
import type { GroupOwner } from './group-keys';

/**
 * The masters index: sparse GSI entries a group item carries while it has a master — GSI1
 * `GRPMASTERS#<shard>` (every such group) and GSI2 `FR#<frch>#MASTER#<account>` (the groups of one
 * master account) — set and removed by the group item's own master writes (`setGroupMaster`, `clearGroupMaster`).
 */

/**
 * Master mirroring (issue 5, part 3): the groups with a master, found through the sparse indexes their
 * group items carry while the master is connected.
 */
export interface MirroredGroupRef {
  readonly owner: GroupOwner;
  readonly grpId: string;
  readonly masterAccountId: string;
}

/** The shard of the masters index a group's entry lives in (stable per group). */
function masterShardOf(grpId: string): number {
  let sum = 0;
  for (const char of grpId) sum = (sum + char.charCodeAt(0)) % groupMasterIndexKeys.shards;
  return sum;
}

/** The sparse index entries a group item carries while it has a master (removed with the master). */
export function masterIndexEntries(owner: GroupOwner, grpId: string, accountId: string) {
  return {
    ...groupMasterIndexKeys.entry(masterShardOf(grpId), owner.frchId, owner.userId, grpId),
    ...groupMasterIndexKeys.byAccount(owner.frchId, accountId, owner.userId, grpId),
  };
}
export const MASTER_INDEX_ATTRIBUTES = ['GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK'] as const;

function mirroredGroupRefOf(item: Record<string, unknown>, sortKey: unknown): MirroredGroupRef | null {
  const named = typeof sortKey === 'string' ? groupMasterIndexKeys.ownerOf(sortKey) : null;
  const master = item.master_broker_id;
  if (!named || typeof master !== 'string') return null;
  return { owner: { frchId: named.frchId, userId: named.userId }, grpId: named.grpId, masterAccountId: master };
}

function queryIndex(indexName: 'GSI1' | 'GSI2', partition: string): Promise<Record<string, unknown>[]> {
  return queryAllPages({
    IndexName: indexName,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': `${indexName}PK` },
    ExpressionAttributeValues: { ':pk': partition },
  });
}

/** Every group that has a master now, over all shards (the index is eventually consistent: re-read each group before acting). */
export async function* listMirroredGroups(): AsyncGenerator<MirroredGroupRef> {
  for (let shard = 0; shard < groupMasterIndexKeys.shards; shard += 1) {
    for (const item of await queryIndex('GSI1', groupMasterIndexKeys.partition(shard))) {
      const ref = mirroredGroupRefOf(item, item.GSI1SK);
      if (ref) yield ref;
    }
  }
}

/** The groups of one franchise whose master is this account (an account has one owner, so one owner's groups). */
export async function listGroupsMasteredBy(frchId: number, accountId: string): Promise<MirroredGroupRef[]> {
  const refs: MirroredGroupRef[] = [];
  for (const item of await queryIndex('GSI2', groupMasterIndexKeys.accountPartition(frchId, accountId))) {
    const ref = mirroredGroupRefOf(item, item.GSI2SK);
    if (ref) refs.push(ref);
  }
  return refs;
}
