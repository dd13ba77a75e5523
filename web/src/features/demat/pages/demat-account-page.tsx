import { Flex, Heading } from '@aws-amplify/ui-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { paths } from '../../../config/paths';
import { useBrokerAccount } from '../api/use-broker-account';
import { AccountOverview } from '../components/account-overview';
import { AccountTradingData } from '../components/account-trading-data';
import { useAccountActionTools } from '../hooks/use-account-action-tools';
import { useDialogSlot } from '../hooks/use-dialog-slot';
import '../demat.css';

/** Spec §2 /demat/{broker_id}: one broker account with its session, plan, switches and note. */
export function DematAccountPage() {
  const { broker_id: brokerId = '' } = useParams();
  const account = useBrokerAccount(brokerId);
  const navigate = useNavigate();
  const dialogs = useDialogSlot();
  const tools = useAccountActionTools(dialogs, () => void navigate(paths.demat));

  return (
    <Flex direction="column" gap="large" className="demat-account-page">
      <Flex direction="column" gap="xxs">
        <Link to={paths.demat} className="demat-account-page__back">
          ← Back to Demat
        </Link>
        <Heading level={2}>Demat account</Heading>
      </Flex>
      {account.isPending ? <LoadingState label="Loading the account…" /> : null}
      {account.isError ? <ErrorState message={account.error.message} onRetry={() => void account.refetch()} /> : null}
      {account.data ? (
        <>
          <AccountOverview account={account.data} tools={tools} />
          <AccountTradingData account={account.data} />
        </>
      ) : null}
      {dialogs.dialog}
    </Flex>
  );
}
