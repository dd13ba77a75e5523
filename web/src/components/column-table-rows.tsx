import { TableCell, TableRow } from '@aws-amplify/ui-react';
import { cellAttributes, rowOpening, type RowFrame, type TableColumn } from './column-table-types';

/** The header row of a wide table: one `th` per column, with its cells' width rules. */
export function ColumnHeaderRow<Row, Tools>({ columns, numericClassName }: { columns: readonly TableColumn<Row, Tools>[]; numericClassName?: string | undefined }) {
  return (
    <TableRow>
      {columns.map((column) => (
        <TableCell as="th" key={column.key ?? column.header} scope="col" {...cellAttributes(column, numericClassName)}>
          {column.header}
        </TableCell>
      ))}
    </TableRow>
  );
}

interface ColumnBodyRowProps<Row, Tools> extends RowFrame<Row> {
  row: Row;
  columns: readonly TableColumn<Row, Tools>[];
  tools: Tools;
  numericClassName?: string | undefined;
}

/** One row of a wide table: a cell per column; it opens (click, Enter) where the table's rows open something. */
export function ColumnBodyRow<Row, Tools>({ row, columns, tools, numericClassName, rowName, rowAttributes, onRowOpen, isRowSelected }: ColumnBodyRowProps<Row, Tools>) {
  return (
    <TableRow
      aria-label={rowName(row)}
      aria-selected={isRowSelected ? isRowSelected(row) : undefined}
      className={onRowOpen ? 'column-table__row--opens' : undefined}
      {...rowAttributes?.(row)}
      {...rowOpening(row, onRowOpen)}
    >
      {columns.map((column) => (
        <TableCell key={column.key ?? column.header} {...cellAttributes(column, numericClassName)}>
          {column.cell(row, tools)}
        </TableCell>
      ))}
    </TableRow>
  );
}
