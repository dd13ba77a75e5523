import { Flex, Text } from '@aws-amplify/ui-react';
import type { JsonBridge } from '@shared/contracts/jsonbridge';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
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
          <DialogActions
            error={regenerate.error}
            cancelLabel="Keep it"
            onCancel={onClose}
            submitLabel="Regenerate key"
            pendingLabel="Regenerating…"
            isPending={regenerate.isPending}
            variation="destructive"
            onSubmit={() => regenerate.mutate(bridge.json_bridge_id)}
            wrap
          />
        </Flex>
      )}
    </ModalDialog>
  );
}
