import { Text } from '@aws-amplify/ui-react';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { multiplierLabel } from '@/entities/multiplier/multiplier-text';
import { unitsWithLots, type QuantityUnit } from '@/entities/orders/lot-quantity';
import type { PreviewRow } from '../quantity-preview';

/** What the account would get: its quantity ("rounded down" under it when it was), or "Nothing" and why. */
function PreviewShare({ row, unit }: { row: PreviewRow; unit: QuantityUnit }) {
  if (row.share.kind === 'quantity') {
    return (
      <span data-testid="preview-quantity">
        {unitsWithLots(row.share.quantity, unit)}
        {row.share.roundedDown ? (
          <Text as="span" variation="secondary" fontSize="small" display="block">
            rounded down
          </Text>
        ) : null}
      </span>
    );
  }
  return (
    <span data-testid="preview-quantity">
      <Text as="span" fontWeight="semibold" display="block">
        Nothing
      </Text>
      <Text as="span" variation="secondary" fontSize="small">
        {row.share.reason}
      </Text>
    </span>
  );
}

const COLUMNS: readonly TableColumn<PreviewRow, QuantityUnit>[] = [
  {
    header: 'Account',
    key: 'account',
    card: 'title',
    wrap: true,
    cell: (row) => (
      <>
        {row.name}
        {row.role === 'master' ? (
          <Text as="span" variation="secondary" fontSize="small" fontWeight="normal" display="block">
            Master
          </Text>
        ) : null}
      </>
    ),
  },
  { header: 'Multiplier', key: 'multiplier', card: 'lead', cell: (row) => multiplierLabel(row.multiplier) },
  { header: 'Gets', key: 'gets', card: 'lead', wrap: true, cell: (row, unit) => <PreviewShare row={row} unit={unit} /> },
];

/** What the ticket would send each account: its quantity (rounded down to whole lots), or why it gets nothing. */
export function QuantityPreviewTable({ rows, unit }: { rows: readonly PreviewRow[]; unit: QuantityUnit }) {
  return (
    <ColumnTable
      className="group-table quantity-preview"
      caption="Each account gets quantity × multiplier, rounded down"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.key}
      rowName={(row) => `${row.name} ${multiplierLabel(row.multiplier)}`}
      rowAttributes={(row) => ({ 'data-sends': String(row.share.kind === 'quantity' ? row.share.quantity : 0) })}
      tools={unit}
    />
  );
}
