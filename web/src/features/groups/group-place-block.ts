import type { Group, GroupBroker } from '@shared/contracts/groups';

/** Why Place group order is unavailable now, or null: the server would refuse, or send to no one. */
export function placeBlock(group: Group, childAccounts: readonly GroupBroker[]): string | null {
  if (!group.trading_enabled) return "Turn the group's Trading on to place group orders.";
  const receiving = childAccounts.some((child) => child.trading_enabled && child.status === 'connected') || group.master?.status === 'connected';
  return receiving ? null : 'Add a connected account with Trading on to place group orders.';
}
