import { Alert, Flex, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { GroupOrderFanOut } from '@shared/contracts/groups';
import { orderDetailsHref } from '@/entities/orders/components/order-table';
import { quantityUnitOf, unitsWithLots } from '@/entities/orders/lot-quantity';
import { fanOutSummary, targetOutcomeLabel } from '../fan-out-outcome';

/** What each account did with the group order just placed: its order's status (the broker's reason), or why it was skipped. */
export function FanOutResult({ fanOut }: { fanOut: GroupOrderFanOut }) {
  const summary = fanOutSummary(fanOut, 'placed');
  const unit = quantityUnitOf(fanOut);
  return (
    <Flex direction="column" gap="xs" data-testid="group-order-result">
      <Alert variation={summary.variation} role="status" className="order-ticket__result">
        {summary.message}
      </Alert>
      <div className="group-table">
        <Table size="small" variation="striped" caption="Each account's order">
          <TableHead>
            <TableRow>
              {['Account', 'Quantity', 'Outcome'].map((header) => (
                <TableCell as="th" scope="col" key={header}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {fanOut.targets.map((target) => (
              <TableRow key={target.grp_broker_id ?? 'master'} aria-label={target.broker_combined_name} data-outcome={target.outcome} data-status={target.status ?? ''}>
                <TableCell>{target.broker_combined_name}</TableCell>
                <TableCell>{target.quantity > 0 ? unitsWithLots(target.quantity, unit) : '—'}</TableCell>
                <TableCell className="quantity-preview__gets">
                  {target.order_id ? <Link to={orderDetailsHref(target.order_id)}>{targetOutcomeLabel(target)}</Link> : targetOutcomeLabel(target)}
                  {target.reason ? (
                    <Text as="span" variation="secondary" fontSize="small" display="block">
                      {target.reason}
                    </Text>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </Flex>
  );
}
