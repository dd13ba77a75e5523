import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { useGroup } from '../api/use-group';
import { useGroupChildren } from '../api/use-group-children';
import { ChildOverview } from '../components/child-overview';
import { GroupOrdersSection } from '../components/group-orders-section';
import type { GroupRoutes } from '../group-routes';
import { useBurstPolling } from '../hooks/use-burst-polling';
import { inGroupFamily } from './in-group-family';
import '@/entities/orders/order-tables.css';
import '../groups.css';

/**
 * Spec §2 /group/group/{group_id}/broker/{broker_id} (a broker panel's: /group/strategy/{group_id}/broker/{broker_id}):
 * one account inside the group, its settings there and its orders from the group.
 */
export const GroupBrokerPage = inGroupFamily(GroupBrokerView);

function GroupBrokerView({ routes }: { routes: GroupRoutes }) {
  const { group_id: grpId = '', broker_id: brokerId = '' } = useParams();
  const group = useGroup(grpId);
  const children = useGroupChildren(grpId);
  const accounts = useBrokerAccounts();
  const navigate = useNavigate();
  const dialogs = useDialogSlot();
  const polling = useBurstPolling();
  const child = children.data?.find((candidate) => candidate.broker_id === brokerId);
  const groupPath = routes.group(grpId);

  return (
    <Flex direction="column" gap="large" className="group-broker-page">
      <Flex direction="column" gap="xxs">
        <Link to={groupPath}>← Back to {group.data?.grp_name ?? 'the group'}</Link>
        <Heading level={2}>{routes.accountTitle}</Heading>
      </Flex>
      {children.isPending ? <LoadingState label="Loading the group's accounts…" /> : null}
      {children.isError ? <ErrorState message={children.error.message} onRetry={() => void children.refetch()} /> : null}
      {children.data && !child ? <Text>This account is not in the group (any more). Its past orders stay in the group's order history.</Text> : null}
      {child ? <ChildOverview child={child} dialogs={dialogs} onRemoved={() => void navigate(groupPath)} /> : null}
      {group.data ? (
        <GroupOrdersSection group={group.data} childAccounts={children.data ?? []} accounts={accounts.data ?? []} pollInterval={polling.interval} brokerId={brokerId} />
      ) : null}
      {dialogs.dialog}
    </Flex>
  );
}
