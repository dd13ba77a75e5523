import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { RefreshButton } from '@/components/refresh/refresh-button';
import { AutomationCard } from '@/entities/automation/components/automation-card';
import { FranchiseAutomationCard } from '@/entities/automation/components/franchise-automation-card';
import { useFeatureToggles } from '@/entities/feature-toggles/use-feature-toggles';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { formatTime } from '@/lib/format/date-time';
import { useDashboard } from '../api/use-dashboard';
import { DashboardFigures } from '../components/dashboard-figures';
import { PnlSummary } from '../components/pnl-summary';
import { PnlThroughDay } from '../components/pnl-through-day';
import { StrategiesCard } from '../components/strategies-card';
import '../dashboard.css';

/** The trader's day: the kill switch (issue 20), then today's P&L (total, per account, margin), then what is open and what was ordered, then the day's P&L line. */
export function DashboardPage() {
  const dashboard = useDashboard();
  const profile = useUserProfile();
  const features = useFeatureToggles();
  // The same rule as the /strategies route: not a broker panel, and the group-strategy feature on.
  const offersStrategies = Boolean(profile.data && !profile.data.is_brokerpanel && features.has('groupstrategy'));
  return (
    <Flex direction="column" gap="large" className="dashboard-page">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={2}>Dashboard</Heading>
        {dashboard.data ? (
          <Flex alignItems="center" gap="small">
            <Text variation="secondary" fontSize="small">
              Read at {formatTime(dashboard.dataUpdatedAt)}, again every 30 seconds
            </Text>
            <RefreshButton refetch={() => dashboard.refetch()} />
          </Flex>
        ) : null}
      </Flex>
      <AutomationCard />
      {profile.data?.is_brokerpanel ? <FranchiseAutomationCard /> : null}
      {dashboard.isPending ? <LoadingState label="Loading your figures…" /> : null}
      {dashboard.isError ? <ErrorState message={dashboard.error.message} onRetry={() => void dashboard.refetch()} /> : null}
      {dashboard.data ? (
        <>
          <PnlSummary pnl={dashboard.data.pnl} />
          <DashboardFigures dashboard={dashboard.data} />
          <PnlThroughDay accounts={dashboard.data.pnl.accounts} />
        </>
      ) : null}
      {offersStrategies ? <StrategiesCard /> : null}
    </Flex>
  );
}
