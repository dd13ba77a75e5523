import type { GroupBroker } from '@shared/contracts/groups';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useRemoveChild } from '../api/use-remove-child';

/** Confirms, then takes an account out of the group (the account itself stays); the server's refusal shows in the dialog. */
export function RemoveChildDialog({ child, onClose, onRemoved }: { child: GroupBroker; onClose: () => void; onRemoved?: (() => void) | undefined }) {
  const remove = useRemoveChild();
  const toast = useToast();
  const confirm = () =>
    remove.mutate(child, {
      onSuccess: () => {
        toast.success(`${child.broker_combined_name} removed from the group.`);
        onClose();
        onRemoved?.();
      },
    });
  return (
    <ConfirmActionDialog
      title={`Remove ${child.broker_combined_name}?`}
      text="The account leaves the group and takes no more of its orders; its orders and positions stay as they are."
      confirmLabel="Remove from group"
      pendingLabel="Removing…"
      onConfirm={confirm}
      onClose={onClose}
      isPending={remove.isPending}
      error={remove.error}
    />
  );
}
