import { Button, Flex } from '@aws-amplify/ui-react';
import type { DialogSlot } from '@/components/use-dialog-slot';
import type { AccountNamer } from '@/entities/orders/account-names';
import { scopeName, type ChangeScope } from '../change-scope';
import { ONE_CLICK_CHANGE_ORDER, PENDING_ACTIONS } from '../pending-actions';
import { ModifyPendingDialog } from './modify-pending-dialog';
import { PendingChangeDialog } from './pending-change-dialog';

interface PendingOrderActionsProps {
  scope: ChangeScope;
  accountName: AccountNamer;
  dialogs: DialogSlot;
}

/** Modify, Cancel and Convert to market for one account's pending order or a whole group order, each asking first. */
export function PendingOrderActions({ scope, accountName, dialogs }: PendingOrderActionsProps) {
  const name = scopeName(scope, accountName);
  const suffix = scope.kind === 'whole' ? ' all' : '';
  return (
    <Flex gap="xxs" wrap="wrap" className="pending-actions">
      <Button size="small" aria-label={`Modify ${name}`} onClick={() => dialogs.open(<ModifyPendingDialog scope={scope} accountName={accountName} onClose={dialogs.close} />)}>
        Modify{suffix}
      </Button>
      {ONE_CLICK_CHANGE_ORDER.map((action) => (
        <Button
          key={action}
          size="small"
          variation={action === 'cancel' ? 'destructive' : undefined}
          aria-label={`${PENDING_ACTIONS[action].button} ${name}`}
          onClick={() => dialogs.open(<PendingChangeDialog scope={scope} action={action} accountName={accountName} onClose={dialogs.close} />)}
        >
          {PENDING_ACTIONS[action].button}
          {suffix}
        </Button>
      ))}
    </Flex>
  );
}
