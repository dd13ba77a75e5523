import { Button, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { useGroupNames } from '@/entities/groups/api/use-group-names';
import { accountNamer } from '@/entities/orders/account-names';
import { usePendingGroupOrders } from '../api/use-pending-group-orders';
import { PendingOrdersList } from '../components/pending-orders-list';
import '@/entities/orders/order-tables.css';
import '../groups.css';

/** Spec §2 /group/pendingorders: the pending orders of the user's groups, to modify, cancel or convert to market. */
export function PendingOrdersPage() {
  const [grpId, setGrpId] = useState('');
  const groups = useGroupNames();
  const pending = usePendingGroupOrders(grpId || undefined);
  const dialogs = useDialogSlot();
  const orders = pending.data?.pages.flatMap((page) => page.items) ?? [];
  const accountName = accountNamer(orders);
  const groupNames = new Map(orders.map((order) => [order.grp_id, order.grp_name]));

  return (
    <Flex direction="column" gap="large" className="pending-orders-page">
      <Flex direction="column" gap="xxs">
        <Heading level={2}>Pending Orders</Heading>
        <Text variation="secondary">Limit and stop-loss orders of your groups that wait at the broker, read again every few seconds.</Text>
      </Flex>
      <SelectField label="Group" value={grpId} onChange={(event) => setGrpId(event.target.value)} className="pending-orders-page__group">
        <option value="">All groups</option>
        {(groups.data ?? []).map((group) => (
          <option key={group.grp_id} value={group.grp_id}>
            {group.grp_name}
          </option>
        ))}
      </SelectField>
      {pending.isPending ? <LoadingState label="Reading pending orders from the brokers…" /> : null}
      {pending.isError && !pending.data ? <ErrorState message={pending.error.message} onRetry={() => void pending.refetch()} /> : null}
      {pending.data && orders.length === 0 ? <Text variation="secondary">No pending group orders. Orders that are not filled at once wait here.</Text> : null}
      {orders.length > 0 ? (
        <PendingOrdersList orders={orders} accountName={accountName} groupName={grpId ? undefined : (id) => groupNames.get(id) ?? ''} dialogs={dialogs} linkGroupOrders />
      ) : null}
      {pending.hasNextPage ? (
        <Flex justifyContent="center">
          <Button onClick={() => void pending.fetchNextPage()} isLoading={pending.isFetchingNextPage} loadingText="Loading…">
            Load more
          </Button>
        </Flex>
      ) : null}
      {dialogs.dialog}
    </Flex>
  );
}
