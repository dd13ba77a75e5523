import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useRefreshWithToasts } from '@/components/refresh/use-refresh-with-toasts';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { paths, pathTo } from '@/config/paths';
import { WebhookSecurityCard } from '@/entities/bridge-security/components/webhook-security-card';
import { OrderGroupPositions } from '@/entities/order-groups/components/order-group-positions';
import { useJsonBridge } from '../api/use-json-bridge';
import { useJsonOrderManager } from '../api/use-json-order-manager';
import { JsonBridgeCard } from '../components/json-bridge-card';
import { JSON_BRIDGE_REFRESH_MESSAGES } from '../jsonbridge-messages';
import { rememberedWebhookUrl } from '../webhook-url';
import '@/entities/order-groups/order-groups.css';
import '../jsonbridge.css';

/**
 * Spec §2 /bridge/jsonbridge/{json_bridge_id}: the bridge's settings, its order group's positions with
 * live P&L, and its webhook's optional sender checks (ADR 0008).
 */
export function JsonBridgePage() {
  const { json_bridge_id: id = '' } = useParams();
  const navigate = useNavigate();
  const bridge = useJsonBridge(id);
  const orderManager = useJsonOrderManager(id);
  const dialogs = useDialogSlot();
  const { refresh, isRefreshing } = useRefreshWithToasts(
    async () => {
      const [read, positions] = await Promise.all([bridge.refetch(), orderManager.refetch()]);
      return read.isError ? read : positions;
    },
    JSON_BRIDGE_REFRESH_MESSAGES,
  );
  const group = orderManager.data?.order_group ?? null;

  return (
    <Flex direction="column" gap="large" className="json-bridge-page">
      <Flex direction="column" gap="xxs">
        <Link to={paths.jsonBridges}>← All Json Bridges</Link>
        <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Heading level={2}>{bridge.data?.json_bridge_name ?? 'Json Bridge'}</Heading>
          <Flex gap="xs" wrap="wrap">
            <Button onClick={refresh} isLoading={isRefreshing} loadingText="Refreshing…">
              Refresh
            </Button>
            <Link to={pathTo(paths.jsonBridgeSyntax, { json_bridge_id: id })} className="amplify-button amplify-button--primary">
              Syntax generator
            </Link>
          </Flex>
        </Flex>
      </Flex>
      {bridge.isPending ? <LoadingState label="Loading the bridge…" /> : null}
      {bridge.isError && !bridge.data ? <ErrorState message={bridge.error.message} onRetry={() => void bridge.refetch()} /> : null}
      {bridge.data ? (
        <JsonBridgeCard bridge={bridge.data} orderGroupName={group?.og_name} dialogs={dialogs} isLinked={false} onDeleted={() => void navigate(paths.jsonBridges)} />
      ) : null}
      <Flex as="section" direction="column" gap="small" aria-labelledby="bridge-positions-heading">
        <Heading level={3} id="bridge-positions-heading">
          {group ? `Positions of ${group.og_name}` : 'Positions'}
        </Heading>
        {orderManager.isPending ? <LoadingState label="Loading its order group…" /> : null}
        {orderManager.isError && !orderManager.data ? <ErrorState message={orderManager.error.message} onRetry={() => void orderManager.refetch()} /> : null}
        {orderManager.data && !group ? <Text variation="secondary">Connect the bridge to an order group: its signals' positions show here.</Text> : null}
        {group ? <OrderGroupPositions group={group} readAt={orderManager.dataUpdatedAt} dialogs={dialogs} /> : null}
      </Flex>
      {bridge.data ? <WebhookSecurityCard kind="json" bridgeId={id} webhookUrl={rememberedWebhookUrl(id) || null} /> : null}
      {dialogs.dialog}
    </Flex>
  );
}
