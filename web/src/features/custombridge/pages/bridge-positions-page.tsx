import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { Position, PositionAction } from '@shared/contracts/ordermanager';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { RefreshButton } from '@/components/refresh/refresh-button';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { paths } from '@/config/paths';
import { bridgeKeys } from '@/entities/custom-bridges/api/bridge-keys';
import { useBridges } from '@/entities/custom-bridges/api/use-bridges';
import { PositionActionDialog } from '@/entities/order-groups/components/position-action-dialog';
import { isOutcomeAction } from '@/entities/order-groups/position-actions';
import { useBridgePositions } from '../api/use-bridge-positions';
import { BRIDGE_POSITIONS_REFRESH_MS } from '../bridge-positions-polling';
import { BridgePositionsSection } from '../components/bridge-positions-section';
// The positions table is the order manager's, styled as a live table (sideways scroll, numbers that do not wrap).
import '@/entities/order-groups/order-groups.css';
import '../custombridge.css';

/**
 * Spec §2 /bridge/position: the positions of every custom bridge, grouped by bridge, read again every
 * 2 s while any is OPEN or WAITING. Bridge positions are order-manager positions: enter / exit / cancel /
 * mark-as-exited act here; editing and deleting happen on the Order Manager page.
 */
export function BridgePositionsPage() {
  const bridges = useBridges();
  const positions = useBridgePositions(bridges.data ?? []);
  const dialogs = useDialogSlot();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onAction = (position: Position, action: PositionAction) => {
    if (!isOutcomeAction(action)) {
      void navigate(paths.orderManager);
      return;
    }
    dialogs.open(
      <PositionActionDialog
        position={position}
        action={action}
        onClose={dialogs.close}
        onDone={() => void queryClient.invalidateQueries({ queryKey: bridgeKeys.all })}
      />,
    );
  };
  const refetchAll = async () => {
    const list = await bridges.refetch();
    const answers = await Promise.all(positions.map((query) => query.refetch()));
    return { isError: list.isError || answers.some((answer) => answer.isError) };
  };

  return (
    <Flex direction="column" gap="large" className="bridge-positions-page">
      <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
        <Flex direction="column" gap="xxs">
          <Heading level={2}>Position</Heading>
          <Text variation="secondary">
            Positions your custom bridges opened. While any is OPEN or WAITING, prices and P&L update every {BRIDGE_POSITIONS_REFRESH_MS / 1000} s.
          </Text>
        </Flex>
        <RefreshButton refetch={refetchAll} />
      </Flex>
      {bridges.isPending ? <LoadingState label="Loading your bridges…" /> : null}
      {bridges.isError && !bridges.data ? <ErrorState message={bridges.error.message} onRetry={() => void bridges.refetch()} /> : null}
      {bridges.data?.length === 0 ? <Text variation="secondary">No custom bridges yet: add one on the Custom Bridge page.</Text> : null}
      {(bridges.data ?? []).map((bridge, index) => {
        const query = positions[index];
        return query ? <BridgePositionsSection key={bridge.bridge_id} bridge={bridge} positions={query} onAction={onAction} /> : null;
      })}
      {dialogs.dialog}
    </Flex>
  );
}
