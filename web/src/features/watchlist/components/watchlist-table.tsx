import { Button, Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { WatchlistEntry } from '../../../../../shared/contracts/watchlist';
import { formatTime } from '../../../lib/format/date-time';
import { formatPrice } from '../price-format';
import { orderUnitOf } from '../quantity-label';
import { PriceChange } from './price-change';

export interface WatchlistRowTools {
  remove: (entry: WatchlistEntry) => void;
  removingId: string | null;
  /** Opens the order ticket for the row's script. */
  trade: (entry: WatchlistEntry) => void;
}

interface WatchlistColumn {
  header: string;
  cell: (entry: WatchlistEntry, tools: WatchlistRowTools) => ReactNode;
  numeric?: boolean;
}

/** The watch list's columns; Trade opens the order ticket for the row (POST /users/watchlist/placeorder). */
const COLUMNS: readonly WatchlistColumn[] = [
  {
    header: 'Script',
    cell: (entry) => (
      <>
        <Text as="span" fontWeight="semibold" display="block">
          {entry.display_name}
        </Text>
        <Text as="span" variation="secondary" fontSize="small">
          {entry.script_id}
        </Text>
      </>
    ),
  },
  { header: 'LTP', numeric: true, cell: (entry) => <span data-testid="ltp">{formatPrice(entry.ltp)}</span> },
  { header: 'Change', numeric: true, cell: (entry) => <PriceChange entry={entry} /> },
  { header: 'Prev. close', numeric: true, cell: (entry) => (entry.previous_close === null ? '—' : formatPrice(entry.previous_close)) },
  { header: 'Quantity unit', cell: (entry) => orderUnitOf(entry) },
  { header: 'As of', cell: (entry) => formatTime(entry.as_of) },
  {
    header: 'Actions',
    cell: (entry, tools) => (
      <Flex gap="xxs" wrap="nowrap">
        <Button size="small" variation="primary" aria-label={`Trade ${entry.display_name}`} onClick={() => tools.trade(entry)}>
          Trade
        </Button>
        <Button
          size="small"
          variation="destructive"
          aria-label={`Remove ${entry.display_name}`}
          isLoading={tools.removingId === entry.watchlist_id}
          loadingText="Removing…"
          isDisabled={tools.removingId !== null}
          onClick={() => tools.remove(entry)}
        >
          Remove
        </Button>
      </Flex>
    ),
  },
];

/** The watched scripts with live prices; times in Asia/Kolkata. */
export function WatchlistTable({ entries, tools }: { entries: readonly WatchlistEntry[]; tools: WatchlistRowTools }) {
  return (
    <div className="watchlist-table">
      <Table size="small" variation="striped" highlightOnHover caption="Your watch list, prices in rupees, times in Asia/Kolkata">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell as="th" key={column.header} scope="col" className={column.numeric ? 'watchlist-table__numeric' : undefined}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.watchlist_id} aria-label={entry.display_name}>
              {COLUMNS.map((column) => (
                <TableCell key={column.header} className={column.numeric ? 'watchlist-table__numeric' : undefined}>
                  {column.cell(entry, tools)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
