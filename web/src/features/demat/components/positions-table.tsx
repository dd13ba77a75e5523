import { Button, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { AccountPosition } from '../../../../../shared/contracts/broker-trading';
import { formatPrice } from '../../orders/order-labels';
import { quantityUnitOf } from '../../trading/lot-quantity';
import { totalPnlOf } from '../pnl-format';
import { canSquareOff } from '../position-closing';
import { PnlValue } from './pnl-value';

interface PositionColumn {
  header: string;
  numeric?: boolean;
  cell: (position: AccountPosition, onSquareOff: (position: AccountPosition) => void) => ReactNode;
}

/** Net quantity in units, with the lots it makes on the derivative exchanges ("130 (2 lots)"). */
function netQuantityText(position: AccountPosition): string {
  const { lotSize } = quantityUnitOf(position);
  const lots = lotSize === null ? null : position.net_quantity / lotSize;
  return lots === null || lots === 0 || !Number.isInteger(lots) ? String(position.net_quantity) : `${position.net_quantity} (${lots} ${Math.abs(lots) === 1 ? 'lot' : 'lots'})`;
}

const COLUMNS: readonly PositionColumn[] = [
  {
    header: 'Symbol',
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
  { header: 'Product', cell: (position) => position.product },
  { header: 'Net qty', numeric: true, cell: (position) => <span data-testid="net-quantity">{netQuantityText(position)}</span> },
  { header: 'Avg', numeric: true, cell: (position) => formatPrice(position.average_price) },
  { header: 'LTP', numeric: true, cell: (position) => formatPrice(position.last_price) },
  { header: 'Realised', numeric: true, cell: (position) => <PnlValue amount={position.realised_pnl} /> },
  { header: 'Unrealised', numeric: true, cell: (position) => <PnlValue amount={position.unrealised_pnl} /> },
  { header: 'Total', numeric: true, cell: (position) => <PnlValue amount={totalPnlOf(position)} /> },
  {
    header: 'Action',
    cell: (position, onSquareOff) =>
      canSquareOff(position) ? (
        <Button size="small" aria-label={`Square off ${position.trading_symbol} ${position.product}`} onClick={() => onSquareOff(position)}>
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
export function PositionsTable({ positions, onSquareOff }: { positions: readonly AccountPosition[]; onSquareOff: (position: AccountPosition) => void }) {
  return (
    <div className="live-table">
      <Table size="small" variation="striped" highlightOnHover caption="Positions, prices and P&L in rupees">
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
            <TableRow key={`${position.trading_symbol}-${position.product}`} aria-label={`${position.trading_symbol} ${position.product}`}>
              {COLUMNS.map((column) => (
                <TableCell key={column.header} className={column.numeric ? 'live-table__numeric' : undefined}>
                  {column.cell(position, onSquareOff)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
