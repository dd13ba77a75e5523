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
  /** Opens the row's price chart. */
  chart: (entry: WatchlistEntry) => void;
  /** Opens the option chain of an option row's underlying. */
  chain: (request: { underlying: string; exchange: 'NFO' | 'BFO' | 'MCX' }) => void;
}

/** An option row opens its underlying's chain on its exchange; other rows have none. */
function ChainButton({ entry, onOpen }: { entry: WatchlistEntry; onOpen: WatchlistRowTools['chain'] }) {
  const { exchange } = entry;
  const isOption = entry.instrument_type === 'CE' || entry.instrument_type === 'PE';
  if (!isOption || (exchange !== 'NFO' && exchange !== 'BFO' && exchange !== 'MCX')) return null;
  return (
    <Button size="small" aria-label={`Option chain of ${entry.base_name}`} onClick={() => onOpen({ underlying: entry.base_name, exchange })}>
      Chain
    </Button>
  );
}

/** The watch list's columns; Trade opens the order ticket for the row (POST /users/watchlist/placeorder). */
const COLUMNS: readonly TableColumn<WatchlistEntry, WatchlistRowTools>[] = [
  {
    header: 'Script',
    key: 'script',
    card: 'title',
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
  { header: 'LTP', key: 'ltp', numeric: true, card: 'lead', cell: (entry) => <span data-testid="ltp">{formatPrice(entry.ltp)}</span> },
  { header: 'Change', key: 'change', numeric: true, card: 'lead', cell: (entry) => <PriceChange entry={entry} /> },
  { header: 'Prev. close', key: 'previous-close', numeric: true, priority: 'low', cell: (entry) => (entry.previous_close === null ? '—' : formatPrice(entry.previous_close)) },
  { header: 'Quantity unit', key: 'quantity-unit', priority: 'medium', cell: (entry) => orderUnitOf(entry) },
  { header: 'As of', key: 'as-of', priority: 'low', cell: (entry) => formatTime(entry.as_of) },
  {
    header: 'Actions',
    key: 'actions',
    card: 'actions',
    cell: (entry, tools) => (
      <Flex gap="xxs" wrap="wrap">
        <Button size="small" variation="primary" aria-label={`Trade ${entry.display_name}`} onClick={() => tools.trade(entry)}>
          Trade
        </Button>
        <Button size="small" aria-label={`Chart of ${entry.display_name}`} onClick={() => tools.chart(entry)}>
          Chart
        </Button>
        <ChainButton entry={entry} onOpen={tools.chain} />
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
