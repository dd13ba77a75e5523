import { Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { GroupPositions } from '../../../../../shared/contracts/groups';
import { PnlValue } from '../../demat/components/pnl-value';
import { totalPnlOf } from '../../demat/pnl-format';
import { quantityUnitOf, unitsWithLots } from '../../trading/lot-quantity';

type NetRow = GroupPositions['net'][number];

interface NetColumn {
  header: string;
  numeric?: boolean;
  cell: (row: NetRow) => ReactNode;
}

const COLUMNS: readonly NetColumn[] = [
  {
    header: 'Symbol',
    cell: (row) => (
      <>
        <Text as="span" fontWeight="semibold" display="block">
          {row.trading_symbol}
        </Text>
        <Text as="span" variation="secondary" fontSize="small">
          {row.exchange ?? '—'}
        </Text>
      </>
    ),
  },
  { header: 'Product', cell: (row) => row.product },
  { header: 'Net qty', numeric: true, cell: (row) => <span data-testid="net-quantity">{unitsWithLots(row.net_quantity, quantityUnitOf(row))}</span> },
  { header: 'Accounts', numeric: true, cell: (row) => row.children },
  { header: 'Realised', numeric: true, cell: (row) => <PnlValue amount={row.realised_pnl} /> },
  { header: 'Unrealised', numeric: true, cell: (row) => <PnlValue amount={row.unrealised_pnl} /> },
  { header: 'Total', numeric: true, cell: (row) => <PnlValue amount={totalPnlOf(row)} /> },
];

/** The group's positions netted over its accounts, per script and product, with P&L (same look as an account's positions). */
export function NetPositionsTable({ net }: { net: GroupPositions['net'] }) {
  return (
    <div className="live-table">
      <Table size="small" variation="striped" highlightOnHover caption="Net over the group's accounts, P&L in rupees">
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
          {net.map((row) => (
            <TableRow key={`${row.trading_symbol}-${row.product}`} aria-label={`${row.trading_symbol} ${row.product}`}>
              {COLUMNS.map((column) => (
                <TableCell key={column.header} className={column.numeric ? 'live-table__numeric' : undefined}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
