import type { Bridge } from '@shared/contracts/bridge';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useRemoveBridge } from '../api/use-remove-bridge';

interface RemoveBridgeDialogProps {
  bridge: Bridge;
  onClose: () => void;
  /** Where to go once it is gone (the bridge's own page leaves for the list). */
  onRemoved?: (() => void) | undefined;
}

/** Confirms, then deletes the bridge; the server's refusal (OPEN positions) shows in the dialog. */
export function RemoveBridgeDialog({ bridge, onClose, onRemoved }: RemoveBridgeDialogProps) {
  const remove = useRemoveBridge();
  const toast = useToast();
  const confirm = () =>
    remove.mutate(bridge.bridge_id, {
      onSuccess: () => {
        toast.success(`Bridge ${bridge.bridge_name} removed.`);
        onClose();
        onRemoved?.();
      },
    });
  return (
    <ConfirmActionDialog
      title={`Remove ${bridge.bridge_name}?`}
      text="The bridge, its triggers, its webhook URL and its positions go. A bridge with OPEN positions cannot be removed: exit them first."
      confirmLabel="Remove bridge"
      pendingLabel="Removing…"
      onConfirm={confirm}
      onClose={onClose}
      isPending={remove.isPending}
      error={remove.error}
    />
  );
}
