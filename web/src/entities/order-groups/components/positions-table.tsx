import { Text } from '@aws-amplify/ui-react';
import type { Position, PositionAction } from '@shared/contracts/ordermanager';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { quantityUnitOf, unitsWithLots } from '@/entities/orders/lot-quantity';
import { formatPrice } from '@/lib/format/price';
import { PnlValue } from '@/entities/pnl/components/pnl-value';
import { PositionRolloverMarker } from './position-rollover-marker';
import { PositionRowActions } from './position-row-actions';
import { PositionStatusChip } from './position-status-chip';

const price = formatPrice;

const ENTRY_LABEL = (position: Position) =>
  position.entry_type === 'DIRECT'
    ? 'DIRECT'
    : `${position.entry_type}${position.entry_type === 'CANDLE' && position.candle_timeframe ? ` ${position.candle_timeframe}m` : ''} ${position.entry_direction ?? ''} ${price(position.entry_price)}`;

type OnAction = (position: Position, action: PositionAction) => void;

const COLUMNS: readonly TableColumn<Position, OnAction>[] = [
  {
    header: 'Script',
    key: 'script',
    card: 'title',
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
  { header: 'Side', key: 'side', card: 'lead', cell: (position) => <span className={`om-side om-side--${position.transaction_type.toLowerCase()}`}>{position.transaction_type}</span> },
  { header: 'Qty', key: 'quantity', numeric: true, card: 'lead', cell: (position) => unitsWithLots(position.quantity, quantityUnitOf(position)) },
  { header: 'Entry', key: 'entry', wrap: true, priority: 'low', cell: (position) => `${ENTRY_LABEL(position)} · ${position.order_type}` },
  { header: 'Status', key: 'status', card: 'lead', cell: (position) => <PositionStatusChip status={position.op_status} exitLeg={position.exit_leg} /> },
  { header: 'Entry avg', key: 'entry-avg', numeric: true, priority: 'medium', cell: (position) => price(position.entry_avg_price) },
  { header: 'LTP', key: 'ltp', numeric: true, cell: (position) => price(position.ltp) },
  { header: 'Target', key: 'target', numeric: true, priority: 'low', cell: (position) => price(position.target_price) },
  { header: 'Stop', key: 'stop', numeric: true, priority: 'low', cell: (position) => price(position.stop_price) },
  { header: 'P&L', key: 'pnl', numeric: true, card: 'lead', cell: (position) => (position.pnl === null ? '—' : <PnlValue amount={position.pnl} />) },
  { header: 'Actions', key: 'actions', card: 'actions', cell: (position, onAction) => <PositionRowActions position={position} onAction={(action) => onAction(position, action)} /> },
];

/** A group's positions, one row each (a card each on a phone), with the actions the server allows. */
export function PositionsTable({ positions, onAction }: { positions: readonly Position[]; onAction: OnAction }) {
  return (
    <ColumnTable
      className="om-positions"
      caption="Prices in rupees; P&L at the last traded price while OPEN, realised once closed"
      highlightOnHover
      columns={COLUMNS}
      rows={positions}
      rowKey={(position) => position.op_id}
      rowName={(position) => `${position.trading_symbol} ${position.transaction_type}`}
      rowAttributes={(position) => ({ 'data-status': position.op_status })}
      tools={onAction}
    />
  );
}
