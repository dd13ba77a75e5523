import type { OrderGroup } from '@shared/contracts/ordermanager';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useDeleteOrderGroup } from '../api/use-delete-order-group';

/** Confirms, then deletes the group and its positions; the server's refusal (OPEN positions) shows in the dialog. */
export function DeleteOrderGroupDialog({ group, onClose }: { group: OrderGroup; onClose: () => void }) {
  const remove = useDeleteOrderGroup();
  const toast = useToast();
  const count = group.position_data.length;
  return (
    <ConfirmActionDialog
      title={`Delete ${group.og_name}?`}
      text={`The order group and its ${count} ${count === 1 ? 'position go' : 'positions go'}. A group with OPEN positions cannot be deleted.`}
      confirmLabel="Delete order group"
      pendingLabel="Deleting…"
      onConfirm={() =>
        remove.mutate(group.og_id, {
          onSuccess: () => {
            toast.success(`Order group ${group.og_name} deleted.`);
            onClose();
          },
        })
      }
      onClose={onClose}
      isPending={remove.isPending}
      error={remove.error}
    />
  );
}
