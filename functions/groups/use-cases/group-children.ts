import { ulid } from 'ulid';
import {
  ALREADY_IN_GROUP_MESSAGE,
  CHILD_HAS_PENDING_ORDERS_MESSAGE,
  GROUP_BROKER_NOT_FOUND_MESSAGE,
  GROUP_FULL_MESSAGE,
  MASTER_CANNOT_BE_CHILD_MESSAGE,
  MAX_GROUP_CHILDREN,
  type GroupBroker,
} from '../../../shared/contracts/groups';
import { getBrokerAccount } from '../../data/broker-accounts-repository';
import type { GroupItem } from '../../data/groups/group';
import { addGroupChild, listGroupChildren, removeGroupChild, updateGroupChild, type GroupChildItem, type GroupChildSettings } from '../../data/groups/group-child';
import type { GroupOwner } from '../../data/groups/group-keys';
import { now as clockNow } from '../../platform/clock';
import { SUBSCRIBER_CHILD_MESSAGE } from '../../../shared/contracts/strategy-subscriptions';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../platform/errors';
import { accountOwnerOf, fanOutAccounts, loadConnectedAccount } from './group-accounts';
import { toGroupBroker } from './group-view';
import { groupChanged, loadOwnedChild, loadOwnedGroup } from './owned-group';

/** Why an account cannot join the group as it stands, or null when it can. */
function joinRefusal(group: GroupItem, accountId: string): Error | null {
  if (Object.hasOwn(group.child_accounts, accountId)) return new ConflictError(ALREADY_IN_GROUP_MESSAGE);
  if (group.master_broker_id === accountId) return new BusinessRuleError(MASTER_CANNOT_BE_CHILD_MESSAGE);
  if (group.group_broker_count >= MAX_GROUP_CHILDREN) return new BusinessRuleError(GROUP_FULL_MESSAGE);
  return null;
}

export interface NewChildSettings {
  readonly multiplier: number;
  readonly trading_enabled: boolean;
}

/** Adds one of the caller's connected accounts to the group, once, and never the master. */
export async function addChild(owner: GroupOwner, grpId: string, accountId: string, settings: NewChildSettings, now = clockNow()): Promise<GroupBroker> {
  const group = await loadOwnedGroup(owner, grpId);
  const account = await loadConnectedAccount(owner, accountId);
  const refusal = joinRefusal(group, accountId);
  if (refusal) throw refusal;
  const child = await addGroupChild(
    owner,
    { grp_broker_id: ulid(now.getTime()), grp_id: grpId, broker_id: accountId, broker: account.broker, ...settings },
    MAX_GROUP_CHILDREN,
    now,
  );
  if (child) return toGroupBroker(child, account);
  // The transaction re-checks every condition; a fresh read tells which one a concurrent request changed.
  throw joinRefusal(await loadOwnedGroup(owner, grpId), accountId) ?? groupChanged();
}

/** A child as answered, with its account's live name and status. */
async function answerChild(owner: GroupOwner, child: GroupChildItem): Promise<GroupBroker> {
  const account = await getBrokerAccount(accountOwnerOf(owner, child), child.broker_id);
  if (!account) throw new Error(`Group child ${child.grp_broker_id} names account ${child.broker_id}, which the owner does not have`);
  return toGroupBroker(child, account);
}

export async function listChildren(owner: GroupOwner, grpId: string): Promise<GroupBroker[]> {
  await loadOwnedGroup(owner, grpId);
  const children = await listGroupChildren(owner, grpId);
  if (children.length === 0) return [];
  const accounts = await fanOutAccounts(owner, children);
  return children.map((child) => {
    const account = accounts.get(child.broker_id);
    if (!account) throw new Error(`Group child ${child.grp_broker_id} names account ${child.broker_id}, which the owner does not have`);
    return toGroupBroker(child, account);
  });
}

/** Changes a child's multiplier or trading flag (404 for another user's group or child). */
export async function changeChild(owner: GroupOwner, grpId: string, grpBrokerId: string, settings: GroupChildSettings): Promise<GroupBroker> {
  // The owner may pause a subscriber's account (its trading flag), but its multiplier is the subscriber's choice.
  if (settings.multiplier !== undefined) assertOwnersOwn(await loadOwnedChild(owner, grpId, grpBrokerId));
  const updated = await updateGroupChild(owner, grpId, grpBrokerId, settings);
  if (!updated) throw new NotFoundError(GROUP_BROKER_NOT_FOUND_MESSAGE);
  return answerChild(owner, updated);
}

/** A strategy subscriber's account follows its subscription: only Not Subscribe takes it out, only its subscriber sets its multiplier. */
function assertOwnersOwn(child: GroupChildItem): void {
  if (child.account_owner_id !== null) throw new BusinessRuleError(SUBSCRIBER_CHILD_MESSAGE);
}

/** Refused while the child has a pending order: its counts could still move, and only the child item holds them. */
function assertNothingPending(child: GroupChildItem): void {
  if (child.pending_quantity > 0) throw new BusinessRuleError(CHILD_HAS_PENDING_ORDERS_MESSAGE);
}

/** Removes a child (its orders stay counted on the group); answers how many children the group has left. */
export async function removeChild(owner: GroupOwner, grpId: string, grpBrokerId: string): Promise<{ grp_broker_id: string; group_broker_count: number }> {
  const child = await loadOwnedChild(owner, grpId, grpBrokerId);
  assertOwnersOwn(child);
  assertNothingPending(child);
  if (!(await removeGroupChild(owner, child))) {
    assertNothingPending(await loadOwnedChild(owner, grpId, grpBrokerId));
    throw groupChanged();
  }
  const group = await loadOwnedGroup(owner, grpId);
  return { grp_broker_id: grpBrokerId, group_broker_count: group.group_broker_count };
}
