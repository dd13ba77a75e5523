import type { Group } from '@shared/contracts/groups';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useDeleteGroup } from '../api/use-delete-group';

interface DeleteGroupDialogProps {
  group: Group;
  onClose: () => void;
  /** Where to go once it is gone (the group's own page leaves for the list). */
  onDeleted?: (() => void) | undefined;
}

/** Confirms, then deletes the group; the server's refusal (pending orders) shows in the dialog. */
export function DeleteGroupDialog({ group, onClose, onDeleted }: DeleteGroupDialogProps) {
  const remove = useDeleteGroup();
  const toast = useToast();
  const confirm = () =>
    remove.mutate(group.grp_id, {
      onSuccess: () => {
        toast.success(`Group ${group.grp_name} deleted.`);
        onClose();
        onDeleted?.();
      },
    });
  return (
    <ConfirmActionDialog
      title={`Delete ${group.grp_name}?`}
      text={`The group and its ${group.group_broker_count} account ${group.group_broker_count === 1 ? 'link goes' : 'links go'}; the broker accounts themselves stay. A group with pending orders cannot be deleted.`}
      confirmLabel="Delete group"
      pendingLabel="Deleting…"
      onConfirm={confirm}
      onClose={onClose}
      isPending={remove.isPending}
      error={remove.error}
    />
  );
}
