import { Flex, Heading } from '@aws-amplify/ui-react';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useUserProfile } from '../../profile/api/use-user-profile';
import { AccountSummaryCard } from '../components/account-summary-card';

export function DashboardPage() {
  return (
    <Flex direction="column" gap="large" className="dashboard-page">
      <Heading level={2}>Dashboard</Heading>
      <AccountSummary />
    </Flex>
  );
}

function AccountSummary() {
  const profile = useUserProfile();
  if (profile.isPending) return <LoadingState label="Loading your account…" />;
  if (profile.isError) return <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />;
  return <AccountSummaryCard profile={profile.data} />;
}
