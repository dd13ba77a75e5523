import type { StrategyRecord } from '@shared/contracts/strategy-records';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useDeleteRecord } from '../api/use-strategy-actions';

/** Asks before deleting one of the owner's entries (the computed record is not touched). */
export function DeleteRecordDialog({ groupId, record, onClose }: { groupId: string; record: StrategyRecord; onClose: () => void }) {
  const remove = useDeleteRecord(groupId);
  const toast = useToast();
  return (
    <ConfirmActionDialog
      title={`Delete ${record.title}?`}
      text="The entry is removed from your records. The computed record stays as it is."
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      isPending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(record.record_id, {
          onSuccess: () => {
            toast.success(`${record.title} is deleted.`);
            onClose();
          },
        })
      }
    />
  );
}
