import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { ReactElement, ReactNode } from 'react';

/** One column of a `ColumnTable`: its header and how a row fills its cell. */
export interface TableColumn<Row, Tools = undefined> {
  header: string;
  /** Figures, right-aligned by the table's numeric class. */
  numeric?: boolean;
  /** `tools` are what the table's owner lends every row (handlers, a dialog slot); most cells use only the row. */
  cell: (row: Row, tools: Tools) => ReactNode;
}

interface ColumnTableFrame<Row, Tools> {
  /** The wrapper's class; the wrapper scrolls sideways on narrow screens (each feature's CSS styles its own). */
  className: string;
  /** The class of the header and body cells of numeric columns; tables without figures leave it out. */
  numericClassName?: string;
  caption: string;
  highlightOnHover?: boolean;
  columns: readonly TableColumn<Row, Tools>[];
  rows: readonly Row[];
  /** A key that stays with the row while the table refreshes. */
  rowKey: (row: Row) => string;
  /** The row's accessible name, by which people (and tests) find it. */
  rowName: (row: Row) => string;
  /** `data-*` attributes a row carries for styles and tests to read (the order book's `data-status`); most tables have none. */
  rowAttributes?: (row: Row) => RowDataAttributes;
}

/** The only extra attributes a row may carry: data ones, so the frame's own (key, name, cells) stay the table's. */
type RowDataAttributes = Readonly<Record<`data-${string}`, string>>;

/**
 * The app's data table: a header per column, then one row per item with one cell per column.
 * The column list is the one source of a table's layout, so header and cells never drift apart.
 * Two signatures: a table whose cells need no tools leaves `tools` out; one whose cells need them must pass them.
 */
export function ColumnTable<Row>(props: ColumnTableFrame<Row, undefined> & { tools?: undefined }): ReactElement;
export function ColumnTable<Row, Tools>(props: ColumnTableFrame<Row, Tools> & { tools: Tools }): ReactElement;
export function ColumnTable<Row, Tools>({
  className,
  numericClassName,
  caption,
  highlightOnHover,
  columns,
  rows,
  rowKey,
  rowName,
  rowAttributes,
  tools,
}: ColumnTableFrame<Row, Tools | undefined> & { tools?: Tools }): ReactElement {
  const classOf = (column: TableColumn<Row, Tools | undefined>) => (column.numeric ? numericClassName : undefined);
  return (
    <div className={className}>
      <Table size="small" variation="striped" highlightOnHover={highlightOnHover} caption={caption}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell as="th" key={column.header} scope="col" className={classOf(column)}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} aria-label={rowName(row)} {...rowAttributes?.(row)}>
              {columns.map((column) => (
                <TableCell key={column.header} className={classOf(column)}>
                  {column.cell(row, tools)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
