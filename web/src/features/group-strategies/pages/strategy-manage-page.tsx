import { Flex, Heading, Tabs } from '@aws-amplify/ui-react';
import { useParams } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useStrategyGroup } from '../api/use-strategy-reads';
import { PermissionsSection } from '../components/permissions-section';
import { PlansTab } from '../components/plans-tab';
import { RecordsTab } from '../components/records-tab';
import { StrategyHeader } from '../components/strategy-header';
import { UsersTab } from '../components/users-tab';

/**
 * /group/strategy/manage/{group_strategy_id} (spec §2, issue 21): a broker panel's strategy (named by its
 * group id) with its plans, records and subscribers, and, while it is PRIVATE, who may see it.
 */
export function StrategyManagePage() {
  const { group_strategy_id: groupId = '' } = useParams();
  const group = useStrategyGroup(groupId);
  return (
    <Flex direction="column" gap="large" className="strategy-manage-page">
      <Heading level={2}>Manage group strategy</Heading>
      {group.isPending ? <LoadingState label="Loading the strategy…" /> : null}
      {group.isError ? <ErrorState message={group.error.message} onRetry={() => void group.refetch()} /> : null}
      {group.data ? (
        <>
          <StrategyHeader group={group.data} />
          <Tabs
            isLazy
            defaultValue="plans"
            items={[
              { label: 'PLANS', value: 'plans', content: <PlansTab groupId={groupId} /> },
              { label: 'RECORDS', value: 'records', content: <RecordsTab groupId={groupId} /> },
              { label: 'USERS', value: 'users', content: <UsersTab groupId={groupId} /> },
            ]}
          />
          {group.data.visibility === 'PRIVATE' ? <PermissionsSection groupId={groupId} /> : null}
        </>
      ) : null}
    </Flex>
  );
}
