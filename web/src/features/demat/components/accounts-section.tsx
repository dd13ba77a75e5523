import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { BrokerAccount } from '@shared/contracts/broker';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useViewMode } from '@/components/view-mode/use-view-mode';
import type { ViewMode } from '@/components/view-mode/view-mode';
import { ViewModeToggle } from '@/components/view-mode/view-mode-toggle';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { useRefreshAllAccounts } from '../api/use-refresh-all-accounts';
import type { AccountActionTools } from '../hooks/use-account-action-tools';
import { AccountCards } from './account-cards';
import { AccountTable } from './account-table';
import { RemoveAllDialog } from './remove-all-dialog';

type AccountsView = (props: { accounts: readonly BrokerAccount[]; tools: AccountActionTools }) => ReactNode;

const ACCOUNT_VIEWS: Readonly<Record<ViewMode, AccountsView>> = { card: AccountCards, table: AccountTable };

/** "Your accounts": the list as cards or a table, with refresh all and remove all. */
export function AccountsSection({ tools }: { tools: AccountActionTools }) {
  const accounts = useBrokerAccounts();
  const refreshAll = useRefreshAllAccounts();
  const [viewMode, setViewMode] = useViewMode();
  const AccountsView = ACCOUNT_VIEWS[viewMode];
  const count = accounts.data?.length ?? 0;

  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="broker-accounts-heading">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={3} id="broker-accounts-heading">
          Your accounts
        </Heading>
        <Flex gap="xs" wrap="wrap" alignItems="center">
          <ViewModeToggle mode={viewMode} onChange={setViewMode} />
          <Button
            size="small"
            onClick={() => refreshAll.mutate()}
            isLoading={refreshAll.isPending}
            loadingText="Refreshing…"
            isDisabled={count === 0 || refreshAll.isPending}
          >
            Refresh all
          </Button>
          <Button
            size="small"
            variation="destructive"
            isDisabled={count === 0}
            onClick={() => tools.openDialog(<RemoveAllDialog accountCount={count} onClose={tools.closeDialog} />)}
          >
            Remove all
          </Button>
        </Flex>
      </Flex>
      {accounts.isPending ? <LoadingState label="Loading your accounts…" /> : null}
      {accounts.isError ? <ErrorState message={accounts.error.message} onRetry={() => void accounts.refetch()} /> : null}
      {accounts.data?.length === 0 ? (
        <Text variation="secondary">No broker accounts yet. Connect one above; a paper account connects at once.</Text>
      ) : null}
      {accounts.data && accounts.data.length > 0 ? <AccountsView accounts={accounts.data} tools={tools} /> : null}
    </Flex>
  );
}
