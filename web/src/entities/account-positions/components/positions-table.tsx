import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { AccountPosition } from '@shared/contracts/broker-trading';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { formatPrice } from '@/entities/orders/order-labels';
import { canSquareOff } from '../position-closing';
import { POSITION_HOLDING_COLUMNS, POSITION_PNL_COLUMNS, positionNameOf, POSITIONS_TABLE_LOOK } from './position-columns';

type SquareOff = (position: AccountPosition) => void;
/** Opens the price chart of a position's script (one the master knows). */
type OpenChart = (script: { script_id: string; trading_symbol: string }) => void;

interface PositionTools {
  onSquareOff: SquareOff;
  onChart?: OpenChart | undefined;
}

function ChartButton({ position, onChart }: { position: AccountPosition; onChart: OpenChart | undefined }) {
  const scriptId = position.script_id;
  if (!onChart || scriptId === null) return null;
  return (
    <Button size="small" aria-label={`Chart of ${positionNameOf(position)}`} onClick={() => onChart({ script_id: scriptId, trading_symbol: position.trading_symbol })}>
      Chart
    </Button>
  );
}

const COLUMNS: readonly TableColumn<AccountPosition, PositionTools>[] = [
  ...POSITION_HOLDING_COLUMNS,
  { header: 'Avg', key: 'average', numeric: true, cell: (position) => formatPrice(position.average_price) },
  { header: 'LTP', key: 'ltp', numeric: true, cell: (position) => formatPrice(position.last_price) },
  ...POSITION_PNL_COLUMNS,
  {
    header: 'Action',
    key: 'actions',
    card: 'actions',
    cell: (position, { onSquareOff, onChart }) => (
      <Flex gap="xxs" wrap="wrap" alignItems="center">
        {canSquareOff(position) ? (
          <Button size="small" aria-label={`Square off ${positionNameOf(position)}`} onClick={() => onSquareOff(position)}>
            Square off
          </Button>
        ) : (
          <Text as="span" variation="secondary" fontSize="small">
            {position.net_quantity === 0 ? 'Closed' : 'Not in the master'}
          </Text>
        )}
        <ChartButton position={position} onChart={onChart} />
      </Flex>
    ),
  },
];

/** Today's positions of the account: quantities, prices and P&L, each open one with its Square off (and its chart, where the page offers one). */
export function PositionsTable({ positions, onSquareOff, onChart }: { positions: readonly AccountPosition[]; onSquareOff: SquareOff; onChart?: OpenChart }) {
  return (
    <ColumnTable {...POSITIONS_TABLE_LOOK} caption="Positions, prices and P&L in rupees" columns={COLUMNS} rows={positions} tools={{ onSquareOff, onChart }} />
  );
}
