import { Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { SignalView } from '@shared/contracts/signals';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { orderDetailsHref } from '@/entities/orders/components/order-table';

/** A result with its place in the list: one plan may give an account more than one result. */
type SignalResult = SignalView['results'][number] & { index: number };
type AccountName = (brokerId: string) => string;

const COLUMNS: readonly TableColumn<SignalResult, AccountName>[] = [
  { header: 'Account', key: 'account', card: 'title', wrap: true, cell: (result, accountName) => (result.broker_id ? accountName(result.broker_id) : '—') },
  { header: 'Status', key: 'status', card: 'lead', cell: (result) => result.outcome },
  { header: 'Reason', key: 'reason', wrap: true, cell: (result) => result.reason ?? '—' },
  {
    header: 'Order',
    key: 'order',
    card: 'actions',
    wrap: true,
    cell: (result) => (result.order_id ? <Link to={orderDetailsHref(result.order_id)}>{result.order_id}</Link> : '—'),
  },
];

/** What each account got: the outcome, the reason, and the order it placed (opening its details). */
export function SignalResultsTable({ results, accountName }: { results: SignalView['results']; accountName: AccountName }) {
  if (results.length === 0) return <Text variation="secondary">No account results.</Text>;
  return (
    <ColumnTable
      className="signal-results"
      caption="Result per account"
      columns={COLUMNS}
      rows={results.map((result, index) => ({ ...result, index }))}
      rowKey={(result) => `${result.plan_id}-${result.broker_id ?? 'none'}-${result.index}`}
      rowName={(result) => `${result.broker_id ? accountName(result.broker_id) : 'No account'} ${result.outcome}`}
      tools={accountName}
    />
  );
}
