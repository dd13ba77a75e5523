import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { groupKeys } from '@/entities/groups/api/group-keys';
import { PnlChart } from '@/entities/pnl/components/pnl-chart';
import { useGroup } from '../api/use-group';
import { useGroupPositions } from '../api/use-group-positions';
import { ChildPositions } from '../components/child-positions';
import { NetPositionsTable } from '../components/net-positions-table';
import { PnlTotals } from '../components/pnl-totals';
import { SquareOffGroupDialog } from '../components/square-off-group-dialog';
import type { GroupRoutes } from '../group-routes';
import { inGroupFamily } from './in-group-family';
import '../groups.css';

/**
 * Spec §2 /group/group/{group_id}/positions (a broker panel's: /group/strategy/{group_id}/positions): the
 * group's positions (master and children) netted per script with P&L (table and chart), each account's
 * own positions (the master first), and Square off all.
 */
export const GroupPositionsPage = inGroupFamily(GroupPositionsView);

function GroupPositionsView({ routes }: { routes: GroupRoutes }) {
  const { group_id: grpId = '' } = useParams();
  const group = useGroup(grpId);
  const positions = useGroupPositions(grpId);
  const queryClient = useQueryClient();
  const dialogs = useDialogSlot();
  const data = positions.data;
  const openCount = (data?.children ?? []).flatMap((child) => child.positions?.positions ?? []).filter((position) => position.net_quantity !== 0).length;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: groupKeys.positions(grpId) });

  return (
    <Flex direction="column" gap="large" className="group-positions-page">
      <Flex direction="column" gap="xxs">
        <Link to={routes.group(grpId)}>← Back to {group.data?.grp_name ?? 'the group'}</Link>
        <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Heading level={2}>Group positions</Heading>
          <Button
            variation="destructive"
            isDisabled={openCount === 0}
            onClick={() => dialogs.open(<SquareOffGroupDialog grpId={grpId} openCount={openCount} onClose={dialogs.close} />)}
          >
            Square off all
          </Button>
        </Flex>
      </Flex>
      {positions.isPending ? <LoadingState label="Reading each account's positions from its broker…" /> : null}
      {positions.isError && !data ? <ErrorState message={positions.error.message} onRetry={() => void positions.refetch()} /> : null}
      {data ? (
        <>
          <Flex as="section" direction="column" gap="small" aria-labelledby="net-positions-heading" className="live-section">
            <Heading level={3} id="net-positions-heading">
              Net positions
            </Heading>
            <PnlTotals totals={data.totals} readAt={data.read_at} />
            {data.net.length === 0 ? (
              <Text variation="secondary">No positions today. Group orders that fill show here, netted over the accounts.</Text>
            ) : (
              <>
                <NetPositionsTable net={data.net} />
                <PnlChart positions={data.net} total={data.totals.total_pnl} />
              </>
            )}
          </Flex>
          <Flex as="section" direction="column" gap="medium" aria-labelledby="child-positions-heading">
            <Heading level={3} id="child-positions-heading">
              By account
            </Heading>
            {data.master === null && data.children.length === 0 ? <Text variation="secondary">The group has no accounts.</Text> : null}
            {data.master ? <ChildPositions grpId={grpId} child={data.master} role="master" dialogs={dialogs} onChanged={refresh} /> : null}
            {data.children.map((child) => (
              <ChildPositions key={child.grp_broker_id} grpId={grpId} child={child} dialogs={dialogs} onChanged={refresh} />
            ))}
          </Flex>
        </>
      ) : null}
      {dialogs.dialog}
    </Flex>
  );
}
