import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useSquareOffAll } from '@/entities/account-positions/api/use-square-off';
import { squareOffOutcome } from '@/entities/account-positions/position-closing';

/** Confirms, then closes every open position of the account, one opposite MARKET order each. */
export function SquareOffAllDialog({ brokerId, openCount, onClose }: { brokerId: string; openCount: number; onClose: () => void }) {
  const squareOffAll = useSquareOffAll();
  const toast = useToast();
  const confirm = () =>
    squareOffAll.mutate(brokerId, {
      onSuccess: ({ orders }) => {
        const outcome = squareOffOutcome(orders);
        toast.show(outcome.variation, outcome.message);
        onClose();
      },
    });
  return (
    <ConfirmActionDialog
      title="Square off all positions?"
      text={`Each of the ${openCount} open ${openCount === 1 ? 'position is' : 'positions are'} closed with an opposite MARKET order at once.`}
      confirmLabel="Square off all"
      pendingLabel="Squaring off…"
      onConfirm={confirm}
      onClose={onClose}
      isPending={squareOffAll.isPending}
      error={squareOffAll.error}
    />
  );
}
