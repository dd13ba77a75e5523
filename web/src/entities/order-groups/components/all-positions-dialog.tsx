import type { OrderGroup, PositionOutcome } from '@shared/contracts/ordermanager';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useAllPositionsAction } from '../api/use-all-positions-action';
import { ALL_ACTIONS, type AllAction } from '../position-actions';

interface AllPositionsDialogProps {
  group: Pick<OrderGroup, 'og_id' | 'og_name'>;
  action: AllAction;
  onClose: () => void;
  onDone: (outcomes: readonly PositionOutcome[]) => void;
}

/** Asks before exit-all / cancel-all / execute-all on a group; the answer lists each position's outcome. */
export function AllPositionsDialog({ group, action, onClose, onDone }: AllPositionsDialogProps) {
  const run = useAllPositionsAction();
  const info = ALL_ACTIONS[action];
  return (
    <ConfirmActionDialog
      title={`${info.label} in ${group.og_name}?`}
      text={info.confirm}
      confirmLabel={info.label}
      pendingLabel="Sending…"
      variation={info.variation}
      onConfirm={() =>
        run.mutate(
          { action, ogId: group.og_id },
          {
            onSuccess: (result) => {
              onDone(result.positions);
              onClose();
            },
          },
        )
      }
      onClose={onClose}
      isPending={run.isPending}
      error={run.error}
    />
  );
}
