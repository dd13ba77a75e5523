import { Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { SignalView } from '@shared/contracts/signals';
import { orderDetailsHref } from '@/entities/orders/components/order-table';

/** What each account got: the outcome, the reason, and the order it placed (opening its details). */
export function SignalResultsTable({ results, accountName }: { results: SignalView['results']; accountName: (brokerId: string) => string }) {
  if (results.length === 0) return <Text variation="secondary">No account results.</Text>;
  return (
    <div className="signal-results">
      <Table size="small" variation="striped" caption="Result per account">
        <TableHead>
          <TableRow>
            {['Account', 'Status', 'Reason', 'Order'].map((header) => (
              <TableCell as="th" key={header} scope="col">
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((result, index) => (
            <TableRow key={`${result.plan_id}-${result.broker_id ?? 'none'}-${index}`}>
              <TableCell>{result.broker_id ? accountName(result.broker_id) : '—'}</TableCell>
              <TableCell>{result.outcome}</TableCell>
              <TableCell>{result.reason ?? '—'}</TableCell>
              <TableCell>{result.order_id ? <Link to={orderDetailsHref(result.order_id)}>{result.order_id}</Link> : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
