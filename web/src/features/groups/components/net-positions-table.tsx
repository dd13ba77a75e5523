import type { GroupPositions } from '@shared/contracts/groups';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { POSITION_HOLDING_COLUMNS, POSITION_PNL_COLUMNS, POSITIONS_TABLE_LOOK } from '@/entities/account-positions/components/position-columns';

type NetRow = GroupPositions['net'][number];

const COLUMNS: readonly TableColumn<NetRow>[] = [
  ...POSITION_HOLDING_COLUMNS,
  { header: 'Accounts', key: 'accounts', numeric: true, cell: (row) => row.accounts },
  ...POSITION_PNL_COLUMNS,
];

/** The group's positions netted over its accounts, per script and product, with P&L (same look as an account's positions). */
export function NetPositionsTable({ net }: { net: GroupPositions['net'] }) {
  return (
    <ColumnTable {...POSITIONS_TABLE_LOOK} caption="Net over the group's accounts, P&L in rupees" columns={COLUMNS} rows={net} />
  );
}
