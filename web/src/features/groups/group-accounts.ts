import type { BrokerAccount } from '@shared/contracts/broker';
import type { Group, GroupBroker } from '@shared/contracts/groups';

/** The accounts that may join the group as children: connected, not already a child, not its master (the server refuses others). */
export function childCandidates(accounts: readonly BrokerAccount[], group: Pick<Group, 'master'>, children: readonly GroupBroker[]): BrokerAccount[] {
  const taken = new Set([...children.map((child) => child.broker_id), ...(group.master ? [group.master.broker_id] : [])]);
  return accounts.filter((account) => account.status === 'connected' && !taken.has(account.broker_id));
}

/** The accounts that may become the master: connected and not a child of the group. */
export function masterCandidates(accounts: readonly BrokerAccount[], children: readonly GroupBroker[]): BrokerAccount[] {
  const childIds = new Set(children.map((child) => child.broker_id));
  return accounts.filter((account) => account.status === 'connected' && !childIds.has(account.broker_id));
}
