import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { useGroup } from '../api/use-group';
import { useGroupChildren } from '../api/use-group-children';
import { ChildrenSection } from '../components/children-section';
import { GroupOrdersSection } from '../components/group-orders-section';
import { GroupSettingsCard } from '../components/group-settings-card';
import { GroupTicketDialog } from '../components/group-ticket-dialog';
import { StrategySettingsCard } from '../components/strategy-settings-card';
import { placeBlock } from '../group-place-block';
import type { GroupRoutes } from '../group-routes';
import { useBurstPolling } from '../hooks/use-burst-polling';
import { inGroupFamily } from './in-group-family';
import '@/entities/orders/order-tables.css';
import '../groups.css';

/**
 * Spec §2 /group/group/{group_id} (a broker panel's: /group/strategy/{group_id}): the group's settings and
 * master, its accounts with multipliers and switches (a strategy's subscribers among them), the group
 * order ticket with its per-account preview, and its recent orders per account.
 */
export const GroupPage = inGroupFamily(GroupView);

function GroupView({ routes }: { routes: GroupRoutes }) {
  const { group_id: grpId = '' } = useParams();
  const polling = useBurstPolling();
  const group = useGroup(grpId, polling.interval);
  const children = useGroupChildren(grpId);
  const accounts = useBrokerAccounts();
  const navigate = useNavigate();
  const dialogs = useDialogSlot();
  const [isTicketOpen, setTicketOpen] = useState(false);
  const childAccounts = children.data ?? [];
  const blocked = group.data ? placeBlock(group.data, childAccounts) : null;

  return (
    <Flex direction="column" gap="large" className="group-page">
      <Flex direction="column" gap="xxs">
        <Link to={routes.list}>← Back to {routes.listName}</Link>
        <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Heading level={2}>{routes.groupTitle}</Heading>
          {group.data ? (
            <Flex alignItems="center" gap="small" wrap="wrap">
              <Link to={routes.positions(grpId)}>Positions</Link>
              {blocked ? (
                <Text variation="secondary" fontSize="small">
                  {blocked}
                </Text>
              ) : null}
              <Button variation="primary" isDisabled={blocked !== null || children.isPending} onClick={() => setTicketOpen(true)}>
                Place group order
              </Button>
            </Flex>
          ) : null}
        </Flex>
      </Flex>
      {group.isPending ? <LoadingState label="Loading the group…" /> : null}
      {group.isError ? <ErrorState message={group.error.message} onRetry={() => void group.refetch()} /> : null}
      {children.isError ? <ErrorState message={children.error.message} onRetry={() => void children.refetch()} /> : null}
      {group.data ? (
        <>
          <GroupSettingsCard
            group={group.data}
            childAccounts={childAccounts}
            accounts={accounts.data ?? []}
            dialogs={dialogs}
            onDeleted={() => void navigate(routes.list)}
          />
          <StrategySettingsCard group={group.data} />
          <ChildrenSection group={group.data} childAccounts={childAccounts} accounts={accounts.data ?? []} dialogs={dialogs} />
          <GroupOrdersSection group={group.data} childAccounts={childAccounts} accounts={accounts.data ?? []} pollInterval={polling.interval} />
          {isTicketOpen ? (
            <GroupTicketDialog
              group={group.data}
              childAccounts={childAccounts}
              accounts={accounts.data ?? []}
              onClose={() => setTicketOpen(false)}
              onPlaced={polling.quicken}
            />
          ) : null}
        </>
      ) : null}
      {dialogs.dialog}
    </Flex>
  );
}
