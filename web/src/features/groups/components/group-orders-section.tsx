import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BrokerAccount } from '@shared/contracts/broker';
import type { Group, GroupBroker } from '@shared/contracts/groups';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { paths, pathTo } from '@/config/paths';
import { accountNamer } from '@/entities/orders/account-names';
import { useGroupOrderHistory } from '@/entities/orders/api/use-group-order-history';
import { GroupOrderBreakdown } from '@/entities/orders/components/group-order-breakdown';
import { defaultHistoryRange } from '@/lib/format/calendar-date';

interface GroupOrdersSectionProps {
  group: Group;
  childAccounts: readonly GroupBroker[];
  accounts: readonly BrokerAccount[];
  /** The polling pace (quick right after a group order is placed). */
  pollInterval: () => number;
  /** Narrows to one child account's orders (the child's page). */
  brokerId?: string | undefined;
}

/** The group's orders of the last 30 days, each group order with every account's part, read again as they change. */
export function GroupOrdersSection({ group, childAccounts, accounts, pollInterval, brokerId }: GroupOrdersSectionProps) {
  const [range] = useState(() => defaultHistoryRange());
  const history = useGroupOrderHistory({ ...range, group_id: group.grp_id, ...(brokerId ? { broker_id: brokerId } : {}) }, pollInterval);
  const orders = history.data?.pages[0]?.items ?? [];
  const accountName = accountNamer([...childAccounts, ...(group.master ? [group.master] : []), ...accounts]);
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="group-orders-heading">
      <Flex justifyContent="space-between" alignItems="baseline" gap="small" wrap="wrap">
        <Heading level={3} id="group-orders-heading">
          Recent group orders
        </Heading>
        <Link to={pathTo(paths.orderHistoryGroupBroker, { group_id: group.grp_id })}>All orders of this group</Link>
      </Flex>
      {history.isPending ? <LoadingState label="Loading the group's orders…" /> : null}
      {history.isError && !history.data ? <ErrorState message={history.error.message} onRetry={() => void history.refetch()} /> : null}
      {history.data && orders.length === 0 ? <Text variation="secondary">No group orders in the last 30 days.</Text> : null}
      {orders.length > 0 ? (
        <GroupOrderBreakdown orders={orders} accountName={accountName} caption="Newest first, times in Asia/Kolkata" />
      ) : null}
    </Flex>
  );
}
