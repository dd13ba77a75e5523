import { Alert, Flex, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { GroupOrderFanOut, TargetOutcome } from '@shared/contracts/groups';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { orderDetailsHref } from '@/entities/orders/components/order-table';
import { quantityUnitOf, unitsWithLots, type QuantityUnit } from '@/entities/orders/lot-quantity';
import { fanOutSummary, targetOutcomeLabel } from '../fan-out-outcome';

const COLUMNS: readonly TableColumn<TargetOutcome, QuantityUnit>[] = [
  { header: 'Account', key: 'account', card: 'title', wrap: true, cell: (target) => target.broker_combined_name },
  { header: 'Quantity', key: 'quantity', numeric: true, card: 'lead', cell: (target, unit) => (target.quantity > 0 ? unitsWithLots(target.quantity, unit) : '—') },
  {
    header: 'Outcome',
    key: 'outcome',
    card: 'lead',
    wrap: true,
    cell: (target) => (
      <>
        {target.order_id ? <Link to={orderDetailsHref(target.order_id)}>{targetOutcomeLabel(target)}</Link> : targetOutcomeLabel(target)}
        {target.reason ? (
          <Text as="span" variation="secondary" fontSize="small" display="block">
            {target.reason}
          </Text>
        ) : null}
      </>
    ),
  },
];

/** What each account did with the group order just placed: its order's status (the broker's reason), or why it was skipped. */
export function FanOutResult({ fanOut }: { fanOut: GroupOrderFanOut }) {
  const summary = fanOutSummary(fanOut, 'placed');
  return (
    <Flex direction="column" gap="xs" data-testid="group-order-result">
      <Alert variation={summary.variation} role="status" className="order-ticket__result">
        {summary.message}
      </Alert>
      <ColumnTable
        className="group-table"
        caption="Each account's order"
        columns={COLUMNS}
        rows={fanOut.targets}
        rowKey={(target) => target.grp_broker_id ?? 'master'}
        rowName={(target) => target.broker_combined_name}
        rowAttributes={(target) => ({ 'data-outcome': target.outcome, 'data-status': target.status ?? '' })}
        tools={quantityUnitOf(fanOut)}
      />
    </Flex>
  );
}
