import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { WatchlistEntry } from '@shared/contracts/watchlist';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { orderUnitOf } from '@/entities/scripts/quantity-label';
import { formatTime } from '@/lib/format/date-time';
import { formatPrice } from '../price-format';
import { PriceChange } from './price-change';

export interface WatchlistRowTools {
  remove: (entry: WatchlistEntry) => void;
  removingId: string | null;
  /** Opens the order ticket for the row's script. */
  trade: (entry: WatchlistEntry) => void;
}

/** The watch list's columns; Trade opens the order ticket for the row (POST /users/watchlist/placeorder). */
const COLUMNS: readonly TableColumn<WatchlistEntry, WatchlistRowTools>[] = [
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
    <ColumnTable
      className="watchlist-table"
      numericClassName="watchlist-table__numeric"
      caption="Your watch list, prices in rupees, times in Asia/Kolkata"
      highlightOnHover
      columns={COLUMNS}
      rows={entries}
      rowKey={(entry) => entry.watchlist_id}
      rowName={(entry) => entry.display_name}
      tools={tools}
    />
  );
}
