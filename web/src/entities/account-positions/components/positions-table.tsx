import { Button, Text } from '@aws-amplify/ui-react';
import type { AccountPosition } from '@shared/contracts/broker-trading';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { formatPrice } from '@/entities/orders/order-labels';
import { canSquareOff } from '../position-closing';
import { POSITION_HOLDING_COLUMNS, POSITION_PNL_COLUMNS, positionNameOf, POSITIONS_TABLE_LOOK } from './position-columns';

type SquareOff = (position: AccountPosition) => void;

const COLUMNS: readonly TableColumn<AccountPosition, SquareOff>[] = [
  ...POSITION_HOLDING_COLUMNS,
  { header: 'Avg', numeric: true, cell: (position) => formatPrice(position.average_price) },
  { header: 'LTP', numeric: true, cell: (position) => formatPrice(position.last_price) },
  ...POSITION_PNL_COLUMNS,
  {
    header: 'Action',
    cell: (position, onSquareOff) =>
      canSquareOff(position) ? (
        <Button size="small" aria-label={`Square off ${positionNameOf(position)}`} onClick={() => onSquareOff(position)}>
          Square off
        </Button>
      ) : (
        <Text as="span" variation="secondary" fontSize="small">
          {position.net_quantity === 0 ? 'Closed' : 'Not in the master'}
        </Text>
      ),
  },
];

/** Today's positions of the account: quantities, prices and P&L, each open one with its Square off. */
export function PositionsTable({ positions, onSquareOff }: { positions: readonly AccountPosition[]; onSquareOff: SquareOff }) {
  return (
    <ColumnTable {...POSITIONS_TABLE_LOOK} caption="Positions, prices and P&L in rupees" columns={COLUMNS} rows={positions} tools={onSquareOff} />
  );
}
