import { Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { Position, PositionAction } from '../../../../../shared/contracts/ordermanager';
import { PnlValue } from '../../demat/components/pnl-value';
import { quantityUnitOf, unitsWithLots } from '../../trading/lot-quantity';
import { PositionRowActions } from './position-row-actions';
import { PositionStatusChip } from './position-status-chip';

const price = (value: number | null) => (value === null ? '—' : value.toFixed(2));

const ENTRY_LABEL = (position: Position) =>
  position.entry_type === 'DIRECT'
    ? 'DIRECT'
    : `${position.entry_type}${position.entry_type === 'CANDLE' && position.candle_timeframe ? ` ${position.candle_timeframe}m` : ''} ${position.entry_direction ?? ''} ${price(position.entry_price)}`;

interface PositionColumn {
  header: string;
  numeric?: boolean;
  cell: (position: Position, onAction: (position: Position, action: PositionAction) => void) => ReactNode;
}

const COLUMNS: readonly PositionColumn[] = [
  {
    header: 'Script',
    cell: (position) => (
      <>
        <Text as="span" fontWeight="semibold" display="block">
          {position.trading_symbol}
        </Text>
        <Text as="span" variation="secondary" fontSize="small">
          {position.exchange} · {position.product}
        </Text>
      </>
    ),
  },
  { header: 'Side', cell: (position) => <span className={`om-side om-side--${position.transaction_type.toLowerCase()}`}>{position.transaction_type}</span> },
  { header: 'Qty', numeric: true, cell: (position) => unitsWithLots(position.quantity, quantityUnitOf(position)) },
  { header: 'Entry', cell: (position) => `${ENTRY_LABEL(position)} · ${position.order_type}` },
  { header: 'Status', cell: (position) => <PositionStatusChip status={position.op_status} /> },
  { header: 'Entry avg', numeric: true, cell: (position) => price(position.entry_avg_price) },
  { header: 'LTP', numeric: true, cell: (position) => price(position.ltp) },
  { header: 'Target', numeric: true, cell: (position) => price(position.target_price) },
  { header: 'Stop', numeric: true, cell: (position) => price(position.stop_price) },
  { header: 'P&L', numeric: true, cell: (position) => (position.pnl === null ? '—' : <PnlValue amount={position.pnl} />) },
  { header: 'Actions', cell: (position, onAction) => <PositionRowActions position={position} onAction={(action) => onAction(position, action)} /> },
];

/** A group's positions, one row each, with the actions the server allows; scrolls sideways on narrow screens. */
export function PositionsTable({ positions, onAction }: { positions: readonly Position[]; onAction: (position: Position, action: PositionAction) => void }) {
  return (
    <div className="live-table om-positions">
      <Table size="small" variation="striped" highlightOnHover caption="Prices in rupees; P&L at the last traded price while OPEN, realised once closed">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell as="th" key={column.header} scope="col" className={column.numeric ? 'live-table__numeric' : undefined}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {positions.map((position) => (
            <TableRow key={position.op_id} aria-label={`${position.trading_symbol} ${position.transaction_type}`} data-status={position.op_status}>
              {COLUMNS.map((column) => (
                <TableCell key={column.header} className={column.numeric ? 'live-table__numeric' : undefined}>
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
