import { groupCountersSchema, type Group, type GroupBroker } from '../../../shared/contracts/groups';
import type { BrokerAccountItem } from '../../data/broker-accounts-repository';
import type { GroupItem } from '../../data/groups/group';
import type { GroupChildItem } from '../../data/groups/group-child';
import { combinedNameOf } from '../../broker-accounts/accounts/account-view';

/** How a group names an account: as the broker pages do, with its status now. */
function accountView(account: BrokerAccountItem) {
  return { broker_id: account.broker_id, broker: account.broker, broker_combined_name: combinedNameOf(account), status: account.status };
}

/** The group as the API answers it; `accounts` holds at least the master's account. */
export function toGroup(group: GroupItem, accounts: ReadonlyMap<string, BrokerAccountItem>): Group {
  const master = group.master_broker_id === null ? undefined : accounts.get(group.master_broker_id);
  if (group.master_broker_id !== null && !master) throw new Error(`Group ${group.grp_id} names master ${group.master_broker_id}, which the owner does not have`);
  return {
    grp_id: group.grp_id,
    grp_name: group.grp_name,
    trading_enabled: group.trading_enabled,
    place_rejected: group.place_rejected,
    master: master ? { ...accountView(master), connected_at: group.master_connected_at ?? group.updatedAt } : null,
    is_strategy: group.is_strategy,
    visibility: group.visibility,
    strategy_description: group.strategy_description,
    ...groupCountersSchema.parse(group),
    created_at: group.createdAt,
    updated_at: group.updatedAt,
  };
}

export function toGroupBroker(child: GroupChildItem, account: BrokerAccountItem): GroupBroker {
  return {
    ...accountView(account),
    grp_broker_id: child.grp_broker_id,
    grp_id: child.grp_id,
    multiplier: child.multiplier,
    trading_enabled: child.trading_enabled,
    subscriber_user_id: child.account_owner_id,
    subscription_until: child.active_until,
    created_at: child.createdAt,
    updated_at: child.updatedAt,
  };
}
