import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { AccountPosition } from '@shared/contracts/broker-trading';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { PositionsTable } from '@/entities/account-positions/components/positions-table';
import { canSquareOff } from '@/entities/account-positions/position-closing';
import { usePriceChart } from '@/entities/price-chart/hooks/use-price-chart';
import { PnlChart } from '@/entities/pnl/components/pnl-chart';
import { PnlValue } from '@/entities/pnl/components/pnl-value';
import { formatTime } from '@/lib/format/date-time';
import { useAccountPositions } from '../api/use-account-positions';

interface PositionsSectionProps {
  brokerId: string;
  onSquareOff: (position: AccountPosition & { script_id: string }) => void;
  onSquareOffAll: (openCount: number) => void;
}

/** The account's positions with their P&L as a table and a chart, and the square-off actions. */
export function PositionsSection({ brokerId, onSquareOff, onSquareOffAll }: PositionsSectionProps) {
  const positions = useAccountPositions(brokerId);
  const priceChart = usePriceChart();
  const rows = positions.data?.positions ?? [];
  const openCount = rows.filter(canSquareOff).length;
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="positions-heading" className="live-section">
      <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
        <Heading level={3} id="positions-heading">
          Positions
        </Heading>
        <Button size="small" variation="destructive" isDisabled={openCount === 0} onClick={() => onSquareOffAll(openCount)}>
          Square off all
        </Button>
      </Flex>
      {positions.isPending ? <LoadingState label="Reading positions from the broker…" /> : null}
      {positions.isError && !positions.data ? <ErrorState message={positions.error.message} onRetry={() => void positions.refetch()} /> : null}
      {positions.data && rows.length === 0 ? (
        <Text variation="secondary">No positions today. Place an order with the button above or from the Watch List; filled orders show here.</Text>
      ) : null}
      {positions.data && rows.length > 0 ? (
        <>
          <Flex gap="large" wrap="wrap" className="live-section__totals" aria-label="P&L totals">
            <Text>
              Realised <PnlValue amount={positions.data.totals.realised_pnl} />
            </Text>
            <Text>
              Unrealised <PnlValue amount={positions.data.totals.unrealised_pnl} />
            </Text>
            <Text fontWeight="semibold">
              Total <PnlValue amount={positions.data.totals.total_pnl} />
            </Text>
            <Text variation="secondary" fontSize="small">
              Read at {formatTime(positions.data.read_at)}
            </Text>
          </Flex>
          <PositionsTable
            positions={rows}
            onSquareOff={(position) => {
              if (position.script_id !== null) onSquareOff({ ...position, script_id: position.script_id });
            }}
            onChart={priceChart.open}
          />
          <PnlChart positions={rows} total={positions.data.totals.total_pnl} />
        </>
      ) : null}
      {priceChart.chart}
    </Flex>
  );
}
