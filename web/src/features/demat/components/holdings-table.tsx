import { Text } from '@aws-amplify/ui-react';
import type { AccountHolding } from '@shared/contracts/broker-trading';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { formatPrice } from '@/entities/orders/order-labels';
import { PnlValue } from '@/entities/pnl/components/pnl-value';
import { formatMoneyExact } from '@/lib/format/money';
import '@/components/live-table.css';

/** A percent with its sign (+1.54 %, -0.80 %). */
const percentText = (percent: number) => `${percent > 0 ? '+' : ''}${percent.toFixed(2)} %`;

/** An amount of P&L with its percent below it; '—' where the broker gave no price. */
function ChangeCell({ amount, percent }: { amount: number | null; percent: number | null }) {
  if (amount === null) return <>—</>;
  return (
    <>
      <PnlValue amount={amount} />
      {percent === null ? null : (
        <Text as="span" variation="secondary" fontSize="small" display="block">
          {percentText(percent)}
        </Text>
      )}
    </>
  );
}

const COLUMNS: readonly TableColumn<AccountHolding>[] = [
  {
    header: 'Symbol',
    key: 'symbol',
    card: 'title',
    cell: (holding) => (
      <>
        <Text as="span" fontWeight="semibold" display="block">
          {holding.trading_symbol}
        </Text>
        <Text as="span" variation="secondary" fontSize="small">
          {holding.exchange ?? '—'}
        </Text>
      </>
    ),
  },
  { header: 'Qty', key: 'quantity', numeric: true, card: 'lead', cell: (holding) => holding.quantity },
  { header: 'Avg', key: 'average', numeric: true, cell: (holding) => formatPrice(holding.average_price) },
  { header: 'LTP', key: 'ltp', numeric: true, cell: (holding) => formatPrice(holding.last_price) },
  { header: 'Invested', key: 'invested', numeric: true, priority: 'low', cell: (holding) => formatMoneyExact(holding.invested) },
  { header: 'Value', key: 'value', numeric: true, cell: (holding) => (holding.current_value === null ? '—' : formatMoneyExact(holding.current_value)) },
  { header: 'P&L', key: 'pnl', numeric: true, card: 'lead', cell: (holding) => <ChangeCell amount={holding.pnl} percent={holding.pnl_percent} /> },
  { header: 'Day change', key: 'day-change', numeric: true, cell: (holding) => <ChangeCell amount={holding.day_change} percent={holding.day_change_percent} /> },
];

/** The account's holdings: what each cost, what it is worth now, and how it moved today. */
export function HoldingsTable({ holdings }: { holdings: readonly AccountHolding[] }) {
  return (
    <ColumnTable
      className="live-table"
      numericClassName="live-table__numeric"
      highlightOnHover
      caption="Holdings, their value and P&L in rupees"
      columns={COLUMNS}
      rows={holdings}
      rowKey={(holding) => `${holding.exchange ?? ''}:${holding.trading_symbol}`}
      rowName={(holding) => `${holding.trading_symbol} holding`}
    />
  );
}
