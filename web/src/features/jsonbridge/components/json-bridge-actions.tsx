import { Button, Flex } from '@aws-amplify/ui-react';
import type { JsonBridge } from '@shared/contracts/jsonbridge';
import { useToast } from '@/components/toast/use-toast';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { errorText } from '@/lib/error-text';
import { useUpdateJsonBridge } from '../api/use-update-json-bridge';
import { ConnectJsonBridgeDialog } from './connect-json-bridge-dialog';
import { DeleteJsonBridgeDialog } from './delete-json-bridge-dialog';
import { RegenerateKeyDialog } from './regenerate-key-dialog';
import { RenameJsonBridgeDialog } from './rename-json-bridge-dialog';

interface JsonBridgeActionsProps {
  bridge: JsonBridge;
  dialogs: DialogSlot;
  onDeleted?: (() => void) | undefined;
}

/** Connect (or change), disconnect, regenerate key, rename and delete for one bridge, each a dialog in the page's slot. */
export function JsonBridgeActions({ bridge, dialogs, onDeleted }: JsonBridgeActionsProps) {
  const update = useUpdateJsonBridge();
  const toast = useToast();
  const name = bridge.json_bridge_name;
  return (
    <Flex gap="xs" wrap="wrap">
      <Button size="small" aria-label={`Connect ${name}`} onClick={() => dialogs.open(<ConnectJsonBridgeDialog bridge={bridge} onClose={dialogs.close} />)}>
        {bridge.og_is_connected ? 'Change connection' : 'Connect'}
      </Button>
      {bridge.og_is_connected ? (
        <Button
          size="small"
          aria-label={`Disconnect ${name}`}
          isLoading={update.isPending}
          onClick={() =>
            update.mutate(
              { kind: 'disconnect', id: bridge.json_bridge_id },
              { onSuccess: () => toast.success(`Json Bridge ${name} disconnected.`), onError: (error) => toast.error(errorText(error)) },
            )
          }
        >
          Disconnect
        </Button>
      ) : null}
      <Button size="small" aria-label={`Regenerate key of ${name}`} onClick={() => dialogs.open(<RegenerateKeyDialog bridge={bridge} onClose={dialogs.close} />)}>
        Regenerate key
      </Button>
      <Button size="small" aria-label={`Rename ${name}`} onClick={() => dialogs.open(<RenameJsonBridgeDialog bridge={bridge} onClose={dialogs.close} />)}>
        Rename
      </Button>
      <Button
        size="small"
        variation="destructive"
        aria-label={`Delete ${name}`}
        onClick={() => dialogs.open(<DeleteJsonBridgeDialog bridge={bridge} onClose={dialogs.close} onDeleted={onDeleted} />)}
      >
        Delete
      </Button>
    </Flex>
  );
}
