import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { paths } from '@/config/paths';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { ACCOUNT_LIVE_REFRESH_MS } from '@/entities/broker-accounts/live-refresh';
import { useGroupNames } from '@/entities/groups/api/use-group-names';
import { accountNamer } from '@/entities/orders/account-names';
import { useGroupOrderHistory } from '@/entities/orders/api/use-group-order-history';
import { defaultHistoryRange } from '@/lib/format/calendar-date';
import { PendingOrdersList } from '../components/pending-orders-list';
import '@/entities/orders/order-tables.css';
import { groupRoutesOf, useCallerGroupFamily } from '../group-routes';
import '../groups.css';

/**
 * Spec §2 /group/pendingorders/{order_id}: one group order (by its group order id) with every
 * account's part; what is still pending can be changed per account or all at once.
 */
export function PendingOrderPage() {
  const { order_id: groupOrderId = '' } = useParams();
  const [range] = useState(() => defaultHistoryRange());
  const history = useGroupOrderHistory({ ...range, group_order_id: groupOrderId }, ACCOUNT_LIVE_REFRESH_MS);
  const accounts = useBrokerAccounts();
  const groups = useGroupNames();
  const dialogs = useDialogSlot();
  const routes = groupRoutesOf(useCallerGroupFamily());
  const orders = history.data?.pages.flatMap((page) => page.items) ?? [];
  const grpId = orders[0]?.grp_id ?? null;
  const groupName = groups.data?.find((group) => group.grp_id === grpId)?.grp_name;
  const pendingCount = orders.filter((order) => order.status === 'pending').length;

  return (
    <Flex direction="column" gap="large" className="pending-order-page">
      <Flex direction="column" gap="xxs">
        <Link to={paths.pendingOrders}>← Back to pending orders</Link>
        <Heading level={2}>Pending order</Heading>
        {grpId && groupName ? (
          <Text>
            A group order of <Link to={routes.group(grpId)}>{groupName}</Link>: {pendingCount} of {orders.length}{' '}
            {orders.length === 1 ? 'order is' : 'orders are'} still pending.
          </Text>
        ) : null}
      </Flex>
      {history.isPending ? <LoadingState label="Loading the group order…" /> : null}
      {history.isError && !history.data ? <ErrorState message={history.error.message} onRetry={() => void history.refetch()} /> : null}
      {history.data && orders.length === 0 ? <Text variation="secondary">No group order with this id in the last 30 days.</Text> : null}
      {orders.length > 0 ? <PendingOrdersList orders={orders} accountName={accountNamer(accounts.data ?? [])} dialogs={dialogs} linkGroupOrders={false} /> : null}
      {dialogs.dialog}
    </Flex>
  );
}
