import { Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { unitsWithLots, type QuantityUnit } from '@/entities/orders/lot-quantity';
import { multiplierLabel } from '../multiplier-text';
import type { PreviewRow } from '../quantity-preview';

/** What the ticket would send each account: its quantity (rounded down to whole lots), or why it gets nothing. */
export function QuantityPreviewTable({ rows, unit }: { rows: readonly PreviewRow[]; unit: QuantityUnit }) {
  return (
    <div className="group-table quantity-preview">
      <Table size="small" variation="striped" caption="Each account gets quantity × multiplier, rounded down">
        <TableHead>
          <TableRow>
            <TableCell as="th" scope="col">
              Account
            </TableCell>
            <TableCell as="th" scope="col">
              Multiplier
            </TableCell>
            <TableCell as="th" scope="col">
              Gets
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} aria-label={`${row.name} ${multiplierLabel(row.multiplier)}`} data-sends={row.share.kind === 'quantity' ? row.share.quantity : 0}>
              <TableCell>
                {row.name}
                {row.role === 'master' ? (
                  <Text as="span" variation="secondary" fontSize="small" display="block">
                    Master
                  </Text>
                ) : null}
              </TableCell>
              <TableCell>{multiplierLabel(row.multiplier)}</TableCell>
              <TableCell data-testid="preview-quantity" className="quantity-preview__gets">
                {row.share.kind === 'quantity' ? (
                  <>
                    {unitsWithLots(row.share.quantity, unit)}
                    {row.share.roundedDown ? (
                      <Text as="span" variation="secondary" fontSize="small" display="block">
                        rounded down
                      </Text>
                    ) : null}
                  </>
                ) : (
                  <>
                    <Text as="span" fontWeight="semibold" display="block">
                      Nothing
                    </Text>
                    <Text as="span" variation="secondary" fontSize="small">
                      {row.share.reason}
                    </Text>
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
