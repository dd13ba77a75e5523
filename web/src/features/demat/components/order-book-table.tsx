import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { AccountBookOrder } from '@shared/contracts/broker-trading';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { isChangeable, ONE_CLICK_CHANGE_ORDER, ONE_CLICK_CHANGES, rowName, type OneClickChange } from '@/entities/orders/order-book-actions';
import { formatPrice, STATUS_LABELS } from '@/entities/orders/order-labels';
import '@/components/live-table.css';

export interface OrderBookRowTools {
  modify: (row: AccountBookOrder) => void;
  change: (row: AccountBookOrder, action: OneClickChange) => void;
}

const orNone = (value: string | null) => value ?? '—';

function RowActions({ row, tools }: { row: AccountBookOrder; tools: OrderBookRowTools }) {
  if (!isChangeable(row)) return null;
  return (
    <Flex gap="xxs" wrap="wrap">
      <Button size="small" aria-label={`Modify ${rowName(row)}`} onClick={() => tools.modify(row)}>
        Modify
      </Button>
      {ONE_CLICK_CHANGE_ORDER.map((action) => (
        <Button
          key={action}
          size="small"
          variation={action === 'cancel' ? 'destructive' : undefined}
          aria-label={`${ONE_CLICK_CHANGES[action].button} ${rowName(row)}`}
          onClick={() => tools.change(row, action)}
        >
          {ONE_CLICK_CHANGES[action].button}
        </Button>
      ))}
    </Flex>
  );
}

const COLUMNS: readonly TableColumn<AccountBookOrder, OrderBookRowTools>[] = [
  {
    header: 'Status',
    key: 'status',
    card: 'lead',
    wrap: true,
    // The broker's reason sits under the status it explains (and a column of dashes is saved for the actions).
    cell: (row) => (
      <>
        <span className={`book-status book-status--${row.status}`}>{STATUS_LABELS[row.status]}</span>
        {row.reason ? (
          <Text as="span" variation="secondary" fontSize="small" display="block" className="live-table__reason">
            {row.reason}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    header: 'Symbol',
    key: 'symbol',
    card: 'title',
    cell: (row) => (
      <>
        <Text as="span" fontWeight="semibold" display="block">
          {row.trading_symbol}
        </Text>
        <Text as="span" variation="secondary" fontSize="small">
          {row.product}
          {row.order_id === null ? ' · placed elsewhere' : ''}
        </Text>
      </>
    ),
  },
  { header: 'Side', key: 'side', card: 'lead', cell: (row) => orNone(row.action) },
  { header: 'Type', key: 'type', priority: 'medium', cell: (row) => orNone(row.order_type) },
  { header: 'Qty / filled', key: 'quantity', numeric: true, card: 'lead', cell: (row) => `${row.quantity} / ${row.filled_quantity}` },
  { header: 'Price', key: 'price', numeric: true, cell: (row) => formatPrice(row.price) },
  { header: 'Trigger', key: 'trigger', numeric: true, priority: 'low', cell: (row) => formatPrice(row.trigger_price) },
  { header: 'Avg', key: 'average', numeric: true, card: 'lead', cell: (row) => formatPrice(row.average_price) },
  { header: 'Actions', key: 'actions', card: 'actions', cell: (row, tools) => <RowActions row={row} tools={tools} /> },
];

/** Today's order book as the broker reports it (refusals with the broker's reason); open orders can be modified, cancelled or converted to MARKET. */
export function OrderBookTable({ orders, tools }: { orders: readonly AccountBookOrder[]; tools: OrderBookRowTools }) {
  return (
    <ColumnTable
      className="live-table"
      numericClassName="live-table__numeric"
      caption="Today's orders at the broker, prices in rupees"
      highlightOnHover
      columns={COLUMNS}
      rows={orders}
      rowKey={(row) => row.broker_order_id}
      rowName={(row) => `${rowName(row)} ${STATUS_LABELS[row.status]}`}
      rowAttributes={(row) => ({ 'data-status': row.status })}
      tools={tools}
    />
  );
}
