import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Bridge } from '@shared/contracts/bridge';
import type { Position, PositionAction } from '@shared/contracts/ordermanager';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PositionsTable } from '@/entities/order-groups/components/positions-table';
import { PnlValue } from '@/entities/pnl/components/pnl-value';
import { BridgeLink } from './bridge-link';

interface BridgePositionsSectionProps {
  bridge: Bridge;
  positions: UseQueryResult<Position[]>;
  onAction: (position: Position, action: PositionAction) => void;
}

/** One bridge's positions under its name, with their total P&L. */
export function BridgePositionsSection({ bridge, positions, onAction }: BridgePositionsSectionProps) {
  const headingId = `bridge-positions-${bridge.bridge_id}`;
  const total = (positions.data ?? []).reduce((sum, position) => sum + (position.pnl ?? 0), 0);
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby={headingId} className="bridge-positions">
      <Flex justifyContent="space-between" alignItems="baseline" gap="small" wrap="wrap">
        <Heading level={3} id={headingId}>
          <BridgeLink bridge={bridge} />
        </Heading>
        {positions.data && positions.data.length > 0 ? (
          <Text>
            P&L <PnlValue amount={total} />
          </Text>
        ) : null}
      </Flex>
      {positions.isPending ? <LoadingState label={`Loading the positions of ${bridge.bridge_name}…`} /> : null}
      {positions.isError && !positions.data ? <ErrorState message={positions.error.message} onRetry={() => void positions.refetch()} /> : null}
      {positions.data?.length === 0 ? <Text variation="secondary">No positions yet: they appear when a signal runs the bridge's triggers.</Text> : null}
      {positions.data && positions.data.length > 0 ? <PositionsTable positions={positions.data} onAction={onAction} /> : null}
    </Flex>
  );
}
