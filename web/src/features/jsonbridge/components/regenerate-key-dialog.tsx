import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import type { JsonBridge } from '@shared/contracts/jsonbridge';
import { ModalDialog } from '@/components/modal-dialog';
import { errorText } from '@/lib/error-text';
import { useRegenerateJsonBridgeKey } from '../api/use-regenerate-json-bridge-key';
import { webhookUrlOf } from '../webhook-url';
import { WebhookUrlView } from './webhook-url-view';

/** Confirms, makes a new webhook key, then shows the new URL once (the old one stops at once). */
export function RegenerateKeyDialog({ bridge, onClose }: { bridge: JsonBridge; onClose: () => void }) {
  const regenerate = useRegenerateJsonBridgeKey();
  const made = regenerate.data;
  return (
    <ModalDialog title={made ? `New webhook URL of ${bridge.json_bridge_name}` : `Regenerate the key of ${bridge.json_bridge_name}?`} onClose={onClose} canClose={!regenerate.isPending}>
      {made ? (
        <WebhookUrlView bridgeId={bridge.json_bridge_id} url={webhookUrlOf(made.webhook_path)} onClose={onClose} />
      ) : (
        <Flex direction="column" gap="medium">
          <Text>The current webhook URL stops working at once: every alert that uses it must be given the new URL.</Text>
          {regenerate.error ? (
            <Alert variation="error" role="alert">
              {errorText(regenerate.error)}
            </Alert>
          ) : null}
          <Flex justifyContent="flex-end" gap="small" wrap="wrap">
            <Button onClick={onClose} isDisabled={regenerate.isPending}>
              Keep it
            </Button>
            <Button variation="destructive" isLoading={regenerate.isPending} loadingText="Regenerating…" onClick={() => regenerate.mutate(bridge.json_bridge_id)}>
              Regenerate key
            </Button>
          </Flex>
        </Flex>
      )}
    </ModalDialog>
  );
}
