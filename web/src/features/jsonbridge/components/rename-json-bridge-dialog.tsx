import { jsonBridgeNameField, type JsonBridge } from '@shared/contracts/jsonbridge';
import { RenameDialog } from '@/components/rename-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useUpdateJsonBridge } from '../api/use-update-json-bridge';

/** Renames a bridge; the name is checked with the contract's own field first. */
export function RenameJsonBridgeDialog({ bridge, onClose }: { bridge: JsonBridge; onClose: () => void }) {
  const update = useUpdateJsonBridge();
  const toast = useToast();
  return (
    <RenameDialog
      noun="Json Bridge"
      currentName={bridge.json_bridge_name}
      label="Bridge name"
      nameField={jsonBridgeNameField}
      isPending={update.isPending}
      error={update.error}
      onClose={onClose}
      onRename={(name) =>
        update.mutate(
          { kind: 'rename', id: bridge.json_bridge_id, name },
          {
            onSuccess: (renamed) => {
              toast.success(`Json Bridge renamed to ${renamed.json_bridge_name}.`);
              onClose();
            },
          },
        )
      }
    />
  );
}
