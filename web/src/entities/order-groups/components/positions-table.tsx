import { Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { Position, PositionAction } from '@shared/contracts/ordermanager';
import { quantityUnitOf, unitsWithLots } from '@/entities/orders/lot-quantity';
import { PnlValue } from '@/entities/pnl/components/pnl-value';
import { PositionRolloverMarker } from './position-rollover-marker';
import { PositionRowActions } from './position-row-actions';
import { PositionStatusChip } from './position-status-chip';
import '@/components/live-table.css';

const price = (value: number | null) => (value === null ? '—' : value.toFixed(2));

const ENTRY_LABEL = (position: Position) =>
  position.entry_type === 'DIRECT'
    ? 'DIRECT'
    : `${position.entry_type}${position.entry_type === 'CANDLE' && position.candle_timeframe ? ` ${position.candle_timeframe}m` : ''} ${position.entry_direction ?? ''} ${price(position.entry_price)}`;

interface PositionColumn {
  header: string;
  /** The cell's `data-column`, so a test or a style names a column without counting. */
  key: string;
  numeric?: boolean;
  cell: (position: Position, onAction: (position: Position, action: PositionAction) => void) => ReactNode;
}

const COLUMNS: readonly PositionColumn[] = [
  {
    header: 'Script',
    key: 'script',
    cell: (position) => (
      <>
        <Text as="span" fontWeight="semibold" display="block">
          {position.trading_symbol}
        </Text>
        <Text as="span" variation="secondary" fontSize="small">
          {position.exchange} · {position.product}
          <PositionRolloverMarker position={position} />
        </Text>
      </>
    ),
  },
  { header: 'Side', key: 'side', cell: (position) => <span className={`om-side om-side--${position.transaction_type.toLowerCase()}`}>{position.transaction_type}</span> },
  { header: 'Qty', key: 'quantity', numeric: true, cell: (position) => unitsWithLots(position.quantity, quantityUnitOf(position)) },
  { header: 'Entry', key: 'entry', cell: (position) => `${ENTRY_LABEL(position)} · ${position.order_type}` },
  { header: 'Status', key: 'status', cell: (position) => <PositionStatusChip status={position.op_status} exitLeg={position.exit_leg} /> },
  { header: 'Entry avg', key: 'entry-avg', numeric: true, cell: (position) => price(position.entry_avg_price) },
  { header: 'LTP', key: 'ltp', numeric: true, cell: (position) => price(position.ltp) },
  { header: 'Target', key: 'target', numeric: true, cell: (position) => price(position.target_price) },
  { header: 'Stop', key: 'stop', numeric: true, cell: (position) => price(position.stop_price) },
  { header: 'P&L', key: 'pnl', numeric: true, cell: (position) => (position.pnl === null ? '—' : <PnlValue amount={position.pnl} />) },
  { header: 'Actions', key: 'actions', cell: (position, onAction) => <PositionRowActions position={position} onAction={(action) => onAction(position, action)} /> },
];

/** A group's positions, one row each, with the actions the server allows; scrolls sideways on narrow screens. */
export function PositionsTable({ positions, onAction }: { positions: readonly Position[]; onAction: (position: Position, action: PositionAction) => void }) {
  return (
    <div className="live-table om-positions">
      <Table size="small" variation="striped" highlightOnHover caption={<span className="om-positions__caption">Prices in rupees; P&amp;L at the last traded price while OPEN, realised once closed</span>}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell as="th" key={column.key} scope="col" className={column.numeric ? 'live-table__numeric' : undefined}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {positions.map((position) => (
            <TableRow key={position.op_id} aria-label={`${position.trading_symbol} ${position.transaction_type}`} data-status={position.op_status}>
              {COLUMNS.map((column) => (
                <TableCell key={column.key} data-column={column.key} className={column.numeric ? 'live-table__numeric' : undefined}>
                  {column.cell(position, onAction)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
