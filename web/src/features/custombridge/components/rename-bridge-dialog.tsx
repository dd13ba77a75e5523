import { bridgeNameField, type Bridge } from '@shared/contracts/bridge';
import { RenameDialog } from '@/components/rename-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useRenameBridge } from '../api/use-rename-bridge';

/** Renames a bridge; the name is checked with the contract's own field first. */
export function RenameBridgeDialog({ bridge, onClose }: { bridge: Bridge; onClose: () => void }) {
  const rename = useRenameBridge();
  const toast = useToast();
  return (
    <RenameDialog
      noun="bridge"
      currentName={bridge.bridge_name}
      label="Bridge name"
      nameField={bridgeNameField}
      isPending={rename.isPending}
      error={rename.error}
      onClose={onClose}
      onRename={(name) =>
        rename.mutate(
          { bridgeId: bridge.bridge_id, name },
          {
            onSuccess: (renamed) => {
              toast.success(`Bridge renamed to ${renamed.bridge_name}.`);
              onClose();
            },
          },
        )
      }
    />
  );
}
