import type { KeyboardEvent, ReactNode } from 'react';

/**
 * Where a column's value goes on a phone's card (≤ 425 px): `title` heads the card (the symbol, the
 * account); `lead` figures follow it in one row, larger (side, quantity, P&L, status); `detail` fields
 * are listed under them, label and value; `actions` are the row's buttons at the card's foot; `none`
 * leaves the column out (it repeats the title).
 */
export type CardPlace = 'title' | 'lead' | 'detail' | 'actions' | 'none';

/**
 * Which columns give way when a wide table's box is narrow (a tablet, a narrowed window): `low` ones
 * hide below 54rem of room, `medium` ones below 42rem; `high` ones always show. At 1280 px with the
 * sidebar open a table has about 62rem, so every column shows; a phone shows cards instead.
 */
export type ColumnPriority = 'high' | 'medium' | 'low';

/** One column of a `ColumnTable`: its header and how a row fills its cell. */
export interface TableColumn<Row, Tools = undefined> {
  header: string;
  /** Figures: right-aligned, never wrapped, in tabular digits. */
  numeric?: boolean;
  /** `tools` are what the table's owner lends every row (handlers, a dialog slot); most cells use only the row. */
  cell: (row: Row, tools: Tools) => ReactNode;
  /** The cell's `data-column`, so a test or a style names a column without counting. */
  key?: string;
  /** Where the value goes on a phone's card; `detail` when left out. */
  card?: CardPlace;
  /** `high` when left out. */
  priority?: ColumnPriority;
  /** Long text (reasons, notes, names) that wraps within a bounded width instead of widening the table. */
  wrap?: boolean;
}

/** The only extra attributes a row may carry: data ones, so the frame's own (key, name, cells) stay the table's. */
export type RowDataAttributes = Readonly<Record<`data-${string}`, string>>;

/** What a table and its cards share about their rows. */
export interface RowFrame<Row> {
  /** A key that stays with the row while the table refreshes. */
  rowKey: (row: Row) => string;
  /** The row's accessible name, by which people (and tests) find it. */
  rowName: (row: Row) => string;
  /** `data-*` attributes a row carries for styles and tests to read (the order book's `data-status`); most tables have none. */
  rowAttributes?: ((row: Row) => RowDataAttributes) | undefined;
  /** Set where a row opens something (its details, a drawer): the row (or card) takes a click, Enter or Space. */
  onRowOpen?: ((row: Row) => void) | undefined;
  /** The row whose details are open, outlined. */
  isRowSelected?: ((row: Row) => boolean) | undefined;
}

/** A cell's value as a card shows it: a cell that answers nothing (no actions, no reason) is left off the card. */
export const isShown = (value: ReactNode): boolean => value !== null && value !== undefined && value !== false && value !== '';

/** The class, data attributes and width rules of a column's cells (header and body alike). */
export function cellAttributes<Row, Tools>(column: TableColumn<Row, Tools>, numericClassName: string | undefined) {
  const classes = [column.numeric ? 'column-table__numeric' : null, column.numeric ? numericClassName : null, column.wrap ? 'column-table__wrap' : null];
  const className = classes.filter(Boolean).join(' ');
  return {
    className: className || undefined,
    'data-column': column.key,
    'data-priority': column.priority && column.priority !== 'high' ? column.priority : undefined,
  };
}

/** The handlers that make a row (or card) open on a click, Enter or Space; none where rows open nothing. */
export function rowOpening<Row>(row: Row, onRowOpen: ((row: Row) => void) | undefined) {
  if (!onRowOpen) return {};
  return {
    tabIndex: 0,
    'data-opens': 'true',
    onClick: () => onRowOpen(row),
    onKeyDown: (event: KeyboardEvent) => {
      // Keys pressed on a button or link inside the row are theirs.
      if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      onRowOpen(row);
    },
  };
}
