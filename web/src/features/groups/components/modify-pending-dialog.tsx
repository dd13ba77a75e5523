import { ModifyOrderFormDialog } from '@/entities/order-ticket/components/modify-order-form-dialog';
import type { AccountNamer } from '@/entities/orders/account-names';
import { useChangePending } from '../api/use-change-pending';
import { scopeName, type ChangeScope } from '../change-scope';
import { modifiableScopeOf } from '../modify-pending-form';

interface ModifyPendingDialogProps {
  scope: ChangeScope;
  accountName: AccountNamer;
  onClose: () => void;
}

/** Only a whole group order needs saying how a new quantity reaches each account. */
const WHOLE_ORDER_NOTE = "A new quantity is the master's: each account gets it times its multiplier. Leave it empty to keep every account's quantity.";

/**
 * Changes a pending order's type, quantity, price or trigger: one account's, or a whole group order's,
 * where a new quantity is the master's and each account's is worked out again with its multiplier.
 */
export function ModifyPendingDialog({ scope, accountName, onClose }: ModifyPendingDialogProps) {
  const changePending = useChangePending();
  return (
    <ModifyOrderFormDialog
      title={`Modify ${scopeName(scope, accountName)}`}
      note={scope.kind === 'whole' ? WHOLE_ORDER_NOTE : null}
      order={modifiableScopeOf(scope)}
      mutation={changePending}
      variablesOf={(change) => ({ scope, change })}
      toastOf={(outcome) => outcome}
      onClose={onClose}
    />
  );
}
