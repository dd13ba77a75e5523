import { Text } from '@aws-amplify/ui-react';
import type { AccountPosition } from '@shared/contracts/broker-trading';
import type { TableColumn } from '@/components/column-table';
import { quantityUnitOf, unitsWithLots } from '@/entities/orders/lot-quantity';
import { PnlValue } from '@/entities/pnl/components/pnl-value';
import { totalPnlOf } from '@/entities/pnl/pnl-format';
import '@/components/live-table.css';

/** What every positions table reads of a row: an account's own position and a group's net one alike. */
type PositionFigures = Pick<AccountPosition, 'trading_symbol' | 'exchange' | 'product' | 'net_quantity' | 'lot_size' | 'realised_pnl' | 'unrealised_pnl'>;

/** A column any positions table can list, whatever tools its own columns need. */
type PositionColumn = TableColumn<PositionFigures, unknown>;

/** The columns a position starts with: what it is and how much is held. */
export const POSITION_HOLDING_COLUMNS: readonly PositionColumn[] = [
  {
    header: 'Symbol',
    key: 'symbol',
    card: 'title',
    cell: (position) => (
      <>
        <Text as="span" fontWeight="semibold" display="block">
          {position.trading_symbol}
        </Text>
        <Text as="span" variation="secondary" fontSize="small">
          {position.exchange ?? '—'}
        </Text>
      </>
    ),
  },
  { header: 'Product', key: 'product', priority: 'medium', cell: (position) => position.product },
  // Units with the lots they make on the derivative exchanges ("130 (2 lots)"); the e2e tests read it by its test id.
  {
    header: 'Net qty',
    key: 'net-quantity',
    numeric: true,
    card: 'lead',
    cell: (position) => <span data-testid="net-quantity">{unitsWithLots(position.net_quantity, quantityUnitOf(position))}</span>,
  },
];

/** The P&L columns a positions table ends its figures with: booked, open, and both together (a card leads with the total). */
export const POSITION_PNL_COLUMNS: readonly PositionColumn[] = [
  { header: 'Realised', key: 'realised', numeric: true, priority: 'low', cell: (position) => <PnlValue amount={position.realised_pnl} /> },
  { header: 'Unrealised', key: 'unrealised', numeric: true, priority: 'low', cell: (position) => <PnlValue amount={position.unrealised_pnl} /> },
  { header: 'Total P&L', key: 'pnl', numeric: true, card: 'lead', cell: (position) => <PnlValue amount={totalPnlOf(position)} /> },
];

/** A position's accessible name ("NIFTY25NOV2524000CE INTRADAY"): its row's, and what its Square off names. */
export function positionNameOf(position: PositionFigures): string {
  return `${position.trading_symbol} ${position.product}`;
}

/** How every positions table looks and tells its rows apart (one row per script and product), for `ColumnTable`. */
export const POSITIONS_TABLE_LOOK = {
  className: 'live-table',
  numericClassName: 'live-table__numeric',
  highlightOnHover: true,
  rowKey: (position: PositionFigures) => `${position.trading_symbol}-${position.product}`,
  rowName: positionNameOf,
} as const;
