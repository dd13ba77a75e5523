import type { JsonBridge } from '@shared/contracts/jsonbridge';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useDeleteJsonBridge } from '../api/use-delete-json-bridge';

/** Confirms, then deletes the bridge and its webhook key; its order group and positions stay. */
export function DeleteJsonBridgeDialog({ bridge, onClose, onDeleted }: { bridge: JsonBridge; onClose: () => void; onDeleted?: (() => void) | undefined }) {
  const remove = useDeleteJsonBridge();
  const toast = useToast();
  return (
    <ConfirmActionDialog
      title={`Delete ${bridge.json_bridge_name}?`}
      text="Its webhook URL stops working at once. The order group it feeds and its positions stay in the Order Manager."
      confirmLabel="Delete bridge"
      pendingLabel="Deleting…"
      onConfirm={() =>
        remove.mutate(bridge.json_bridge_id, {
          onSuccess: () => {
            toast.success(`Json Bridge ${bridge.json_bridge_name} deleted.`);
            onClose();
            onDeleted?.();
          },
        })
      }
      onClose={onClose}
      isPending={remove.isPending}
      error={remove.error}
    />
  );
}
