import { Table, TableBody, TableHead } from '@aws-amplify/ui-react';
import type { ReactElement } from 'react';
import { ColumnCards } from './column-cards';
import { ColumnBodyRow, ColumnHeaderRow } from './column-table-rows';
import type { RowFrame, TableColumn } from './column-table-types';
import { usePhoneLayout } from './use-phone-layout';
import './column-table.css';

export type { CardPlace, ColumnPriority, RowDataAttributes, TableColumn } from './column-table-types';

interface ColumnTableFrame<Row, Tools> extends RowFrame<Row> {
  /** The box's class (each feature's CSS may style its own); the box keeps the table within the page's width. */
  className: string;
  /** An extra class for the header and body cells of numeric columns (figures are right-aligned either way). */
  numericClassName?: string;
  caption: string;
  highlightOnHover?: boolean;
  columns: readonly TableColumn<Row, Tools>[];
  rows: readonly Row[];
}

/**
 * The app's data table: a header per column, then one row per item with one cell per column. It fits
 * its box (long text wraps, low-priority columns give way on narrow boxes) and on a phone (≤ 425 px)
 * becomes a list of cards, each leading with what matters and ending with the row's buttons.
 * The column list is the one source of both layouts, so header, cells and cards never drift apart.
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
  tools,
  ...frame
}: ColumnTableFrame<Row, Tools | undefined> & { tools?: Tools }): ReactElement {
  const isPhone = usePhoneLayout();
  if (isPhone) {
    return <ColumnCards className={className} label={caption} columns={columns} rows={rows} tools={tools} {...frame} />;
  }
  return (
    <div className={`column-table ${className}`}>
      <Table size="small" variation="striped" highlightOnHover={highlightOnHover} caption={caption}>
        <TableHead>
          <ColumnHeaderRow columns={columns} numericClassName={numericClassName} />
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <ColumnBodyRow key={frame.rowKey(row)} row={row} columns={columns} tools={tools} numericClassName={numericClassName} {...frame} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
