import type { Position } from '@shared/contracts/ordermanager';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useDeletePosition } from '../api/use-delete-position';

/** Confirms, then deletes a position that is not OPEN; the server's refusal shows in the dialog. */
export function DeletePositionDialog({ position, onClose }: { position: Position; onClose: () => void }) {
  const remove = useDeletePosition();
  const toast = useToast();
  return (
    <ConfirmActionDialog
      title={`Delete ${position.trading_symbol}?`}
      text="The position and its timeline go; orders it placed stay in the order history."
      confirmLabel="Delete position"
      pendingLabel="Deleting…"
      onConfirm={() =>
        remove.mutate(position, {
          onSuccess: () => {
            toast.success(`Position ${position.trading_symbol} deleted.`);
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
