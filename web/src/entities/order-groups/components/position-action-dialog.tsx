import type { Position, PositionOutcome } from '@shared/contracts/ordermanager';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { usePositionAction } from '../api/use-position-action';
import { OUTCOME_ACTIONS, type OutcomeAction } from '../position-actions';

interface PositionActionDialogProps {
  position: Position;
  action: OutcomeAction;
  onClose: () => void;
  onDone: (outcome: PositionOutcome) => void;
}

/** Asks before enter / exit / cancel / mark-as-exited; the button locks while it runs, so the call goes once. */
export function PositionActionDialog({ position, action, onClose, onDone }: PositionActionDialogProps) {
  const run = usePositionAction();
  const info = OUTCOME_ACTIONS[action];
  return (
    <ConfirmActionDialog
      title={`${info.label} ${position.trading_symbol}?`}
      text={`${position.transaction_type} ${position.quantity} ${position.trading_symbol}: ${info.confirm}`}
      confirmLabel={info.label}
      pendingLabel="Sending…"
      variation={info.variation}
      onConfirm={() =>
        run.mutate(
          { action, ogId: position.og_id, opId: position.op_id },
          {
            onSuccess: (outcome) => {
              onDone(outcome);
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
