import { Button, Flex } from '@aws-amplify/ui-react';
import type { BrokerAccount } from '@shared/contracts/broker';
import type { AccountActionTools } from '../hooks/use-account-action-tools';
import { NoteDialog } from './note-dialog';
import { PlanPurchaseDialog } from './plan-purchase-dialog';
import { RemoveAccountDialog } from './remove-account-dialog';

interface AccountAction {
  label: string;
  isShown: (account: BrokerAccount) => boolean;
  run: (account: BrokerAccount, tools: AccountActionTools) => void;
  variation?: 'destructive';
}

/** The buttons every account offers, in order; an action shows only where it makes sense. */
const ACCOUNT_ACTIONS: readonly AccountAction[] = [
  { label: 'Refresh', isShown: () => true, run: (account, tools) => tools.refresh(account) },
  {
    label: 'Reconnect',
    isShown: (account) => account.status === 'expired' || account.status === 'available',
    run: (account, tools) => tools.reconnect(account),
  },
  {
    label: 'Buy plan',
    isShown: (account) => account.broker !== 'paper',
    run: (account, tools) => tools.openDialog(<PlanPurchaseDialog account={account} onClose={tools.closeDialog} />),
  },
  {
    label: 'Note',
    isShown: () => true,
    run: (account, tools) => tools.openDialog(<NoteDialog account={account} onClose={tools.closeDialog} />),
  },
  {
    label: 'Remove',
    variation: 'destructive',
    isShown: () => true,
    run: (account, tools) =>
      tools.openDialog(<RemoveAccountDialog account={account} onClose={tools.closeDialog} onRemoved={tools.onRemoved} />),
  },
];

interface AccountActionsProps {
  account: BrokerAccount;
  tools: AccountActionTools;
  /** Cards wrap their buttons; a table row keeps them on one line. */
  wrap?: 'wrap' | 'nowrap';
}

/** One account's action buttons (none once it is deleted); each is named after the account for screen readers. */
export function AccountActions({ account, tools, wrap = 'wrap' }: AccountActionsProps) {
  const isBusy = tools.busyAccountId === account.broker_id;
  if (account.status === 'deleted') return null;
  return (
    <Flex gap="xs" wrap={wrap} className="account-actions">
      {ACCOUNT_ACTIONS.filter((action) => action.isShown(account)).map((action) => (
        <Button
          key={action.label}
          size="small"
          variation={action.variation}
          aria-label={`${action.label} ${account.broker_combined_name}`}
          isDisabled={isBusy}
          onClick={() => action.run(account, tools)}
        >
          {action.label}
        </Button>
      ))}
    </Flex>
  );
}
