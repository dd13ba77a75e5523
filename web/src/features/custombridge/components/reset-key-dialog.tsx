import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { Bridge } from '@shared/contracts/bridge';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useResetBridgeKey } from '../api/use-reset-bridge-key';
import { WebhookShownPanel } from './webhook-shown-panel';

/** Confirms, then replaces the webhook key and shows the new URL, once, in the same dialog. */
export function ResetKeyDialog({ bridge, onClose }: { bridge: Pick<Bridge, 'bridge_id' | 'bridge_name'>; onClose: () => void }) {
  const reset = useResetBridgeKey();
  const title = reset.data ? `New webhook URL for ${bridge.bridge_name}` : `Reset the key of ${bridge.bridge_name}?`;
  return (
    <ModalDialog title={title} onClose={onClose} canClose={!reset.isPending}>
      <Flex direction="column" gap="medium">
        {reset.data ? (
          <>
            <WebhookShownPanel webhookPath={reset.data.webhook_path} />
            <Flex justifyContent="flex-end">
              <Button variation="primary" onClick={onClose}>
                I have copied it
              </Button>
            </Flex>
          </>
        ) : (
          <>
            <Text>
              The current webhook URL stops working at once: every alert that posts to it is refused until you paste the new URL into it. Signing
              secrets and allowed addresses stay as they are.
            </Text>
            <DialogActions
              error={reset.error}
              cancelLabel="Keep the key"
              onCancel={onClose}
              submitLabel="Reset key"
              pendingLabel="Resetting…"
              isPending={reset.isPending}
              variation="destructive"
              onSubmit={() => reset.mutate(bridge.bridge_id)}
              wrap
            />
          </>
        )}
      </Flex>
    </ModalDialog>
  );
}
