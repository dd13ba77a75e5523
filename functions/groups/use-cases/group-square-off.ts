import { GROUP_FAN_OUT_CONCURRENCY, type GroupSquareOff } from '../../../shared/contracts/groups';
import { listGroupChildren } from '../../data/groups/group-child';
import type { GroupOwner } from '../../data/groups/group-keys';
import { scriptsTradedByGroup } from '../../data/groups/group-order';
import { ACCOUNT_REMOVED_MESSAGE } from '../../broker-accounts/accounts/owned-account';
import { squareOffAllPositions } from '../../orders/square-off';
import { CLOSING_POLICY, tradingRefusal } from '../../orders/tradable-account';
import { DomainError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { mapBounded } from '../../platform/bounded';
import { accountOwnerOf, fanOutAccounts } from './group-accounts';
import { accountNameOf, toGroupOrder } from './group-order-view';
import { loadOwnedGroup } from './owned-group';

export const NOTHING_TRADED_MESSAGE = 'The group has placed no orders, so there is nothing of its to close.';
const NOT_CLOSED = 'The positions could not be closed; it has been logged.';

/**
 * Square-off of a group: every connected child closes its open positions in the scripts the group has
 * traded, one opposite MARKET order each, through the common path (copy trading's, counted on the
 * group). Positions the account holds in other scripts are not the group's, so they are left alone.
 * Closing needs only a connection, so a child with trading turned off still exits. A child that fails
 * is reported with the reason; the others go on.
 */
export async function squareOffGroup(owner: GroupOwner, grpId: string, log: Logger): Promise<GroupSquareOff> {
  const strategy = await loadOwnedGroup(owner, grpId);
  const [children, scripts] = await Promise.all([listGroupChildren(owner, grpId), scriptsTradedByGroup(owner, grpId)]);
  const accounts = await fanOutAccounts(owner, children);
  const outcomes = await mapBounded(children, GROUP_FAN_OUT_CONCURRENCY, async (child) => {
    const named = { grp_broker_id: child.grp_broker_id, broker_id: child.broker_id, broker_combined_name: accountNameOf(accounts, child.broker_id) };
    const account = accounts.get(child.broker_id);
    const refusal = !account || account.status === 'deleted' ? ACCOUNT_REMOVED_MESSAGE : tradingRefusal(account, CLOSING_POLICY);
    if (!account || refusal !== null) return { ...named, orders: [], reason: refusal };
    if (scripts.size === 0) return { ...named, orders: [], reason: NOTHING_TRADED_MESSAGE };
    try {
      const subscriber = child.account_owner_id !== null;
      const group = { grp_id: grpId, grp_broker_id: child.grp_broker_id, group_order_id: null, ...(subscriber ? { grp_owner_id: owner.userId, strategy_name: strategy.grp_name } : {}) };
      const orders = await squareOffAllPositions(accountOwnerOf(owner, child), account, log, { scripts, origin: 'copytrading', group });
      return { ...named, orders: orders.map(toGroupOrder), reason: null };
    } catch (error) {
      if (!(error instanceof DomainError)) log.error('group child not squared off', { brokerId: child.broker_id, error });
      return { ...named, orders: [], reason: error instanceof DomainError ? error.message : NOT_CLOSED };
    }
  });
  return { children: outcomes };
}
