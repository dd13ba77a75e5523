import { Button, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useRefreshWithToasts } from '@/components/refresh/use-refresh-with-toasts';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { useOrderGroups } from '@/entities/order-groups/api/use-order-groups';
import { useJsonBridges } from '../api/use-json-bridges';
import { AddJsonBridgeForm } from '../components/add-json-bridge-form';
import { JsonBridgeCard } from '../components/json-bridge-card';
import { JSON_BRIDGE_REFRESH_MESSAGES } from '../jsonbridge-messages';
import '../jsonbridge.css';

/** Spec §2 /bridge/jsonbridge: the user's JSON bridges; add, connect, trading switch, regenerate key, rename, delete. */
export function JsonBridgesPage() {
  const bridges = useJsonBridges();
  const groups = useOrderGroups();
  const dialogs = useDialogSlot();
  const { refresh, isRefreshing } = useRefreshWithToasts(bridges.refetch, JSON_BRIDGE_REFRESH_MESSAGES);
  const groupName = (ogId: string | null) => groups.data?.find((group) => group.og_id === ogId)?.og_name;

  return (
    <Flex direction="column" gap="large" className="json-bridges-page">
      <Flex justifyContent="space-between" alignItems="flex-end" gap="small" wrap="wrap">
        <Flex direction="column" gap="xxs">
          <Heading level={2}>Json Bridge</Heading>
          <Text variation="secondary">A webhook URL for TradingView or any sender: each JSON alert becomes positions in an order group.</Text>
        </Flex>
        <Button onClick={refresh} isLoading={isRefreshing} loadingText="Refreshing…">
          Refresh
        </Button>
      </Flex>
      <AddJsonBridgeForm dialogs={dialogs} />
      {bridges.isPending ? <LoadingState label="Loading your bridges…" /> : null}
      {bridges.isError && !bridges.data ? <ErrorState message={bridges.error.message} onRetry={() => void bridges.refetch()} /> : null}
      {bridges.data?.length === 0 ? <Text variation="secondary">No bridges yet. Add one above, then connect it to an order group.</Text> : null}
      {bridges.data && bridges.data.length > 0 ? (
        <Grid className="json-bridge-cards" gap="medium">
          {bridges.data.map((bridge) => (
            <JsonBridgeCard key={bridge.json_bridge_id} bridge={bridge} orderGroupName={groupName(bridge.og_id)} dialogs={dialogs} />
          ))}
        </Grid>
      ) : null}
      {dialogs.dialog}
    </Flex>
  );
}
