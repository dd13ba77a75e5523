import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { useToast } from '@/components/toast/use-toast';
import type { AccountNamer } from '@/entities/orders/account-names';
import { useChangePending } from '../api/use-change-pending';
import { scopeName, type ChangeScope } from '../change-scope';
import { PENDING_ACTIONS, type OneClickChange } from '../pending-actions';

interface PendingChangeDialogProps {
  scope: ChangeScope;
  action: OneClickChange;
  accountName: AccountNamer;
  onClose: () => void;
}

/** Confirms, then cancels or converts to MARKET one account's pending order or a whole group order. */
export function PendingChangeDialog({ scope, action, accountName, onClose }: PendingChangeDialogProps) {
  const change = useChangePending();
  const toast = useToast();
  const style = PENDING_ACTIONS[action];
  const confirm = () =>
    change.mutate(
      { scope, change: { action } },
      {
        onSuccess: (outcome) => {
          toast.show(outcome.variation, outcome.message);
          onClose();
        },
      },
    );
  return (
    <ConfirmActionDialog
      title={style.title(scope)}
      text={style.text(scopeName(scope, accountName))}
      confirmLabel={style.confirm}
      pendingLabel={style.pending}
      variation={action === 'cancel' ? 'destructive' : 'primary'}
      onConfirm={confirm}
      onClose={onClose}
      isPending={change.isPending}
      error={change.error}
    />
  );
}
