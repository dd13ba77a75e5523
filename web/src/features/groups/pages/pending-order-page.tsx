import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { paths, pathTo } from '../../../config/paths';
import { defaultHistoryRange } from '../../../lib/format/calendar-date';
import { useBrokerAccounts } from '../../demat/api/use-broker-accounts';
import { useDialogSlot } from '../../demat/hooks/use-dialog-slot';
import { accountNamer } from '../../orders/account-names';
import { useGroupOrderHistory } from '../../orders/api/use-group-order-history';
import { ACCOUNT_LIVE_REFRESH_MS } from '../../demat/live-refresh';
import { useGroupNames } from '../api/use-group-names';
import { PendingOrdersList } from '../components/pending-orders-list';
import '../../orders/orders.css';
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
            A group order of <Link to={pathTo(paths.group, { group_id: grpId })}>{groupName}</Link>: {pendingCount} of {orders.length}{' '}
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
