import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { BrokerAccount } from '@shared/contracts/broker';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { paths } from '@/config/paths';
import { useOrderTicket } from '@/entities/order-ticket/hooks/use-order-ticket';
import { canTrade } from '@/entities/order-ticket/tradable-accounts';
import { useBrokerAccount } from '../api/use-broker-account';
import { AccountFunds } from '../components/account-funds';
import { AccountLiveData } from '../components/account-live-data';
import { AccountNotConnected } from '../components/account-not-connected';
import { AccountOverview } from '../components/account-overview';
import { useAccountActionTools } from '../hooks/use-account-action-tools';
import '../demat.css';

/** Why Place order is unavailable, or null when the account can take orders. */
function placeOrderBlock(account: BrokerAccount): string | null {
  if (account.status !== 'connected') return 'Reconnect the account to place orders.';
  return canTrade(account) ? null : 'Turn Trading on to place orders on this account.';
}

/**
 * Spec §2 /demat/{broker_id}: one broker account with its session, plan, switches and note, its funds,
 * and (while connected) its positions with P&L and its order book, all actionable.
 */
export function DematAccountPage() {
  const { broker_id: brokerId = '' } = useParams();
  const account = useBrokerAccount(brokerId);
  const navigate = useNavigate();
  const dialogs = useDialogSlot();
  const tools = useAccountActionTools(dialogs, () => void navigate(paths.demat));
  const orderTicket = useOrderTicket();
  const blocked = account.data ? placeOrderBlock(account.data) : null;

  return (
    <Flex direction="column" gap="large" className="demat-account-page">
      <Flex direction="column" gap="xxs">
        <Link to={paths.demat} className="demat-account-page__back">
          ← Back to Demat
        </Link>
        <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Heading level={2}>Demat account</Heading>
          {account.data ? (
            <Flex alignItems="center" gap="small" wrap="wrap">
              {blocked ? (
                <Text variation="secondary" fontSize="small">
                  {blocked}
                </Text>
              ) : null}
              <Button variation="primary" isDisabled={blocked !== null} onClick={() => orderTicket.open({ brokerId })}>
                Place order
              </Button>
            </Flex>
          ) : null}
        </Flex>
      </Flex>
      {account.isPending ? <LoadingState label="Loading the account…" /> : null}
      {account.isError ? <ErrorState message={account.error.message} onRetry={() => void account.refetch()} /> : null}
      {account.data ? (
        <>
          <div className="demat-account-page__summary">
            <AccountOverview account={account.data} tools={tools} />
            <AccountFunds account={account.data} tools={tools} />
          </div>
          {account.data.status === 'connected' ? (
            <AccountLiveData brokerId={account.data.broker_id} dialogs={dialogs} />
          ) : (
            <AccountNotConnected account={account.data} tools={tools} />
          )}
        </>
      ) : null}
      {dialogs.dialog}
      {orderTicket.ticket}
    </Flex>
  );
}
