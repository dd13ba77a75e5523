import type { Trigger } from '@shared/contracts/bridge';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useRemoveTrigger } from '../api/use-remove-trigger';
import { tradesText } from '../trigger-summary';

/** Confirms, then deletes a trigger; the list shows its direction renumbered from 1 as the server answers. */
export function DeleteTriggerDialog({ trigger, onClose }: { trigger: Trigger; onClose: () => void }) {
  const remove = useRemoveTrigger();
  const toast = useToast();
  const name = `${trigger.direction} trigger ${trigger.priority}`;
  return (
    <ConfirmActionDialog
      title={`Delete ${name}?`}
      text={`${tradesText(trigger)} will no longer be placed on ${trigger.direction} signals; the triggers after it move up one place. Positions it already made stay.`}
      confirmLabel="Delete trigger"
      pendingLabel="Deleting…"
      onConfirm={() =>
        remove.mutate(
          { bridgeId: trigger.bridge_id, triggerId: trigger.trigger_id },
          {
            onSuccess: () => {
              toast.success(`${name} deleted.`);
              onClose();
            },
          },
        )
      }
      onClose={onClose}
      isPending={remove.isPending}
      error={remove.error}
    />
  );
}
