import type { Group } from '../../../shared/contracts/groups';
import { getBrokerAccount } from '../../data/broker-accounts-repository';
import type { GroupItem } from '../../data/groups/group';
import type { GroupOwner } from '../../data/groups/group-keys';
import { accountsById } from './group-accounts';
import { toGroup } from './group-view';

/** One group as answered: reads the master's account (if any) for its name and live status. */
export async function answerGroup(owner: GroupOwner, group: GroupItem): Promise<Group> {
  const master = group.master_broker_id === null ? null : await getBrokerAccount(owner, group.master_broker_id);
  return toGroup(group, new Map(master ? [[master.broker_id, master]] : []));
}

/** Several groups as answered, with the owner's accounts read once. */
export async function answerGroups(owner: GroupOwner, groups: readonly GroupItem[]): Promise<Group[]> {
  if (groups.length === 0) return [];
  const accounts = await accountsById(owner);
  return groups.map((group) => toGroup(group, accounts));
}
