import { Flex } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { useGroupNames } from '@/entities/groups/api/use-group-names';
import { accountNamer } from '@/entities/orders/account-names';
import { useGroupOrderHistory } from '@/entities/orders/api/use-group-order-history';
import { GroupOrderBreakdown } from '@/entities/orders/components/group-order-breakdown';
import type { OrderFilters } from '@/entities/orders/order-filters';
import { defaultHistoryRange } from '@/lib/format/calendar-date';
import { AccountSummaryTable } from './account-summary-table';
import { HistoryList } from './history-list';

/**
 * The Group tab: copy-trading orders gathered per group order with each account's part; narrowed to
 * one group (`grpId`), it first sums that group's orders per account.
 */
export function GroupHistory({ grpId }: { grpId?: string | undefined }) {
  const [filters, setFilters] = useState<OrderFilters>(() => defaultHistoryRange());
  const scoped: OrderFilters = grpId ? { ...filters, group_id: grpId } : filters;
  const history = useGroupOrderHistory(scoped);
  const accounts = useBrokerAccounts();
  const groups = useGroupNames();
  const orders = history.data?.pages.flatMap((page) => page.items) ?? [];
  const accountName = accountNamer(accounts.data ?? []);
  // A strategy the user follows is not its group: its copies carry the strategy's name.
  const strategyNames = orders.flatMap((order) => (order.grp_id !== null && order.strategy_name !== null ? [[order.grp_id, order.strategy_name] as const] : []));
  const groupNames = new Map([...strategyNames, ...(groups.data ?? []).map((group) => [group.grp_id, group.grp_name] as const)]);
  const groupName = (id: string) => groupNames.get(id) ?? 'Deleted group';

  return (
    <HistoryList kind="group" filters={scoped} onApply={setFilters} history={history} count={orders.length}>
      <Flex direction="column" gap="medium">
        {grpId ? <AccountSummaryTable orders={orders} accountName={accountName} /> : null}
        <GroupOrderBreakdown
          orders={orders}
          accountName={accountName}
          groupName={grpId ? undefined : groupName}
          caption="Group orders, newest first (Asia/Kolkata time)"
        />
      </Flex>
    </HistoryList>
  );
}
