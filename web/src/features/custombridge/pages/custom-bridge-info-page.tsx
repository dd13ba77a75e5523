import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { paths, pathTo } from '@/config/paths';
import { WebhookSecurityCard } from '@/entities/bridge-security/components/webhook-security-card';
import { formatDateTime } from '@/lib/format/date-time';
import { useBridgeTriggers } from '../api/use-bridge-triggers';
import { ResetKeyDialog } from '../components/reset-key-dialog';
import { SenderExamplesSection } from '../components/sender-examples-section';
import { WebhookShownPanel } from '../components/webhook-shown-panel';
import { useJustShownWebhookPath } from '../just-shown-webhooks';
import { WEBHOOK_URL_PLACEHOLDER } from '../webhook-examples';
import { webhookUrlOf } from '../webhook-url';
import '../custombridge.css';

/**
 * Spec §2 /bridge/custombridge/{bridge_id}/info: the webhook URL (while this visit still holds it: the
 * server answers it only once), how each sender posts to it, and the webhook's optional sender checks.
 */
export function CustomBridgeInfoPage() {
  const { bridge_id: bridgeId = '' } = useParams();
  const triggers = useBridgeTriggers(bridgeId);
  const webhookPath = useJustShownWebhookPath(bridgeId);
  const dialogs = useDialogSlot();
  const bridge = triggers.data?.bridge_data;
  const webhookUrl = webhookPath ? webhookUrlOf(webhookPath) : null;

  return (
    <Flex direction="column" gap="large" className="custom-bridge-info-page">
      <Flex direction="column" gap="xxs">
        <Link to={pathTo(paths.customBridge, { bridge_id: bridgeId })}>← Back to the bridge</Link>
        <Heading level={2}>{bridge ? `${bridge.bridge_name}: webhook` : 'Custom Bridge info'}</Heading>
      </Flex>
      {triggers.isPending ? <LoadingState label="Loading the bridge…" /> : null}
      {triggers.isError ? <ErrorState message={triggers.error.message} onRetry={() => void triggers.refetch()} /> : null}
      {bridge ? (
        <>
          <Flex as="section" direction="column" gap="small" aria-labelledby="webhook-url-heading" className="webhook-url">
            <Heading level={3} id="webhook-url-heading">
              Webhook URL
            </Heading>
            {webhookPath ? (
              <WebhookShownPanel webhookPath={webhookPath} />
            ) : (
              <Alert variation="info" role="note">
                The webhook URL is shown once, when the bridge is added or its key is reset (the current key was made {formatDateTime(bridge.key_created_at)} IST).
                If you did not keep it, reset the key: the old URL stops working and the new one is shown here.
              </Alert>
            )}
            <Flex gap="small" wrap="wrap" alignItems="center">
              <Button size="small" onClick={() => dialogs.open(<ResetKeyDialog bridge={bridge} onClose={dialogs.close} />)}>
                Reset key
              </Button>
              <Text variation="secondary" fontSize="small">
                Send POST requests with the alert message as the body (at most 64 KB, 100 a minute). The answer is 202 with the signal's id.
              </Text>
            </Flex>
          </Flex>
          <SenderExamplesSection webhookUrl={webhookUrl ?? WEBHOOK_URL_PLACEHOLDER} />
          <WebhookSecurityCard kind="custom" bridgeId={bridgeId} webhookUrl={webhookUrl} />
        </>
      ) : null}
      {dialogs.dialog}
    </Flex>
  );
}
