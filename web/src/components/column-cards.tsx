import type { ReactNode } from 'react';
import { isShown, rowOpening, type CardPlace, type RowFrame, type TableColumn } from './column-table-types';

interface ColumnCardsProps<Row, Tools> extends RowFrame<Row> {
  /** The list's accessible name (a table's caption). */
  label: string;
  /** Shown above the cards; the label's text when left out, nothing when null. */
  caption?: ReactNode;
  columns: readonly TableColumn<Row, Tools>[];
  rows: readonly Row[];
  tools: Tools;
  /** The owner's class on the box (each feature's CSS may style its own). */
  className?: string | undefined;
}

/**
 * A table's rows as a list of cards, for phones (≤ 425 px): each card leads with its title and the
 * figures that matter (side, quantity, P&L, status), lists the other columns by name, and ends with
 * the row's buttons, all within the screen's width. The columns' `card` places decide what goes where.
 */
export function ColumnCards<Row, Tools>({ label, caption, columns, rows, tools, className, ...frame }: ColumnCardsProps<Row, Tools>) {
  const shownCaption = caption === undefined ? label : caption;
  return (
    <div className={['column-cards', className].filter(Boolean).join(' ')}>
      {shownCaption === null ? null : (
        <div className="column-cards__caption">
          {shownCaption}
        </div>
      )}
      <ul className="column-cards__list" aria-label={label}>
        {rows.map((row) => (
          <ColumnCard key={frame.rowKey(row)} row={row} columns={columns} tools={tools} {...frame} />
        ))}
      </ul>
    </div>
  );
}

interface ColumnCardProps<Row, Tools> extends RowFrame<Row> {
  row: Row;
  columns: readonly TableColumn<Row, Tools>[];
  tools: Tools;
}

interface ShownField<Row, Tools> {
  column: TableColumn<Row, Tools>;
  value: ReactNode;
}

/** One row as a card: title, lead figures, the other fields by name, then its buttons. */
export function ColumnCard<Row, Tools>({ row, columns, tools, rowName, rowAttributes, onRowOpen, isRowSelected }: ColumnCardProps<Row, Tools>) {
  const fields: ShownField<Row, Tools>[] = columns.map((column) => ({ column, value: column.cell(row, tools) })).filter((field) => isShown(field.value));
  const at = (place: CardPlace) => fields.filter((field) => (field.column.card ?? 'detail') === place);
  const [title, lead, details, actions] = [at('title'), at('lead'), at('detail'), at('actions')];
  return (
    <li
      className={['column-card', onRowOpen ? 'column-card--opens' : null].filter(Boolean).join(' ')}
      aria-label={rowName(row)}
      aria-current={isRowSelected?.(row) ? 'true' : undefined}
      {...rowAttributes?.(row)}
      {...rowOpening(row, onRowOpen)}
    >
      {title.length > 0 ? (
        <div className="column-card__title">
          {title.map(({ column, value }) => (
            <div key={column.key ?? column.header} data-column={column.key}>
              {value}
            </div>
          ))}
        </div>
      ) : null}
      {lead.length > 0 ? <FieldList className="column-card__lead" fields={lead} /> : null}
      {details.length > 0 ? <FieldList className="column-card__details" fields={details} /> : null}
      {actions.length > 0 ? (
        <div className="column-card__actions">
          {actions.map(({ column, value }) => (
            <div key={column.key ?? column.header} data-column={column.key}>
              {value}
            </div>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** Fields by name: the column's header, then its value. */
function FieldList<Row, Tools>({ className, fields }: { className: string; fields: readonly ShownField<Row, Tools>[] }) {
  return (
    <dl className={className}>
      {fields.map(({ column, value }) => (
        <div key={column.key ?? column.header} className={column.wrap ? 'column-card__field column-card__field--wide' : 'column-card__field'}>
          <dt>{column.header}</dt>
          <dd data-column={column.key} className={column.numeric ? 'column-table__numeric' : undefined}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
