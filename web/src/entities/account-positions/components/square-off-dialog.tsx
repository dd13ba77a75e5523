import type { AccountPosition } from '@shared/contracts/broker-trading';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useSquareOff } from '../api/use-square-off';
import { closingOrderText, squareOffOutcome } from '../position-closing';

interface SquareOffDialogProps {
  brokerId: string;
  /** A position with a script id (see `canSquareOff`). */
  position: AccountPosition & { script_id: string };
  onClose: () => void;
}

/** Confirms, then closes one position with an opposite MARKET order. */
export function SquareOffDialog({ brokerId, position, onClose }: SquareOffDialogProps) {
  const squareOff = useSquareOff();
  const toast = useToast();
  const confirm = () =>
    squareOff.mutate(
      { brokerId, scriptId: position.script_id, product: position.product },
      {
        onSuccess: ({ orders }) => {
          const outcome = squareOffOutcome(orders);
          toast.show(outcome.variation, outcome.message);
          onClose();
        },
      },
    );
  return (
    <ConfirmActionDialog
      title={`Square off ${position.trading_symbol}?`}
      text={closingOrderText(position)}
      confirmLabel="Square off"
      pendingLabel="Squaring off…"
      onConfirm={confirm}
      onClose={onClose}
      isPending={squareOff.isPending}
      error={squareOff.error}
    />
  );
}
