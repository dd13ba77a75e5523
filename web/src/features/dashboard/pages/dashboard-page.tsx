import { Flex, Heading } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { useDashboard } from '../api/use-dashboard';
import { AccountSummaryCard } from '../components/account-summary-card';
import { DashboardFigures } from '../components/dashboard-figures';
import '../dashboard.css';

export function DashboardPage() {
  return (
    <Flex direction="column" gap="large" className="dashboard-page">
      <Heading level={2}>Dashboard</Heading>
      <Figures />
      <AccountSummary />
    </Flex>
  );
}

function Figures() {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <LoadingState label="Loading your figures…" />;
  if (dashboard.isError) return <ErrorState message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />;
  return <DashboardFigures dashboard={dashboard.data} />;
}

function AccountSummary() {
  const profile = useUserProfile();
  if (profile.isPending) return <LoadingState label="Loading your account…" />;
  if (profile.isError) return <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />;
  return <AccountSummaryCard profile={profile.data} />;
}
