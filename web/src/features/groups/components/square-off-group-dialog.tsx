import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useSquareOffGroup } from '../api/use-square-off-group';
import { groupSquareOffOutcome } from '../square-off-outcome';

/** Confirms, then closes every account's open positions in the group's scripts, one opposite MARKET order each. */
export function SquareOffGroupDialog({ grpId, openCount, onClose }: { grpId: string; openCount: number; onClose: () => void }) {
  const squareOff = useSquareOffGroup();
  const toast = useToast();
  const confirm = () =>
    squareOff.mutate(grpId, {
      onSuccess: (result) => {
        const outcome = groupSquareOffOutcome(result);
        toast.show(outcome.variation, outcome.message);
        onClose();
      },
    });
  return (
    <ConfirmActionDialog
      title="Square off all group positions?"
      text={`The accounts hold ${openCount} open ${openCount === 1 ? 'position' : 'positions'}: each one in a script this group traded is closed with an opposite MARKET order at once. Positions in other scripts stay.`}
      confirmLabel="Square off all"
      pendingLabel="Squaring off…"
      onConfirm={confirm}
      onClose={onClose}
      isPending={squareOff.isPending}
      error={squareOff.error}
    />
  );
}
