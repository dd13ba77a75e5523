import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useRefreshWithToasts } from '@/components/refresh/use-refresh-with-toasts';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { useOrderGroups } from '@/entities/order-groups/api/use-order-groups';
import { OrderGroupDialog } from '../components/order-group-dialog';
import { OrderGroupSection } from '../components/order-group-section';
import '@/entities/order-groups/order-groups.css';
import '../ordermanager.css';

/** Spec §2 /ordermanager: order groups with their positions, actions and live P&L. */
export function OrderManagerPage() {
  const groups = useOrderGroups();
  const dialogs = useDialogSlot();
  const { refresh, isRefreshing } = useRefreshWithToasts(groups.refetch);

  return (
    <Flex direction="column" gap="large" className="order-manager-page">
      <Flex justifyContent="space-between" alignItems="flex-end" gap="small" wrap="wrap">
        <Flex direction="column" gap="xxs">
          <Heading level={2}>Order Manager</Heading>
          <Text variation="secondary">Saved positions in order groups: enter them by hand or on a price, with targets, stop-losses and trailing.</Text>
        </Flex>
        <Flex gap="xs" wrap="wrap">
          <Button onClick={refresh} isLoading={isRefreshing} loadingText="Refreshing…">
            Refresh
          </Button>
          <Button variation="primary" onClick={() => dialogs.open(<OrderGroupDialog onClose={dialogs.close} />)}>
            Add order group
          </Button>
        </Flex>
      </Flex>
      {groups.isPending ? <LoadingState label="Loading your order groups…" /> : null}
      {groups.isError && !groups.data ? <ErrorState message={groups.error.message} onRetry={() => void groups.refetch()} /> : null}
      {groups.data?.length === 0 ? <Text variation="secondary">No order groups yet. Add one, then add positions to it.</Text> : null}
      {groups.data?.map((group) => <OrderGroupSection key={group.og_id} group={group} readAt={groups.dataUpdatedAt} dialogs={dialogs} />)}
      {dialogs.dialog}
    </Flex>
  );
}
