import { Badge, Button, Flex, Text } from '@aws-amplify/ui-react';
import type { StrategySubscriber } from '@shared/contracts/strategy-subscriptions';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { multiplierLabel } from '@/entities/multiplier/multiplier-text';
import { formatDisplayDate } from '@/lib/format/date-time';

/** Who started the subscription, in the owner's words. */
const SOURCE_TEXT: Readonly<Record<StrategySubscriber['source'], string>> = { subscriber: 'Bought by the user', owner: 'Added by you (free)' };

/** An owner may Not Subscribe only its own sub-users, and only while the subscription runs. */
export const canEndSubscription = (row: StrategySubscriber) => row.is_sub_user && row.status === 'Active';

/** When a subscription stopped early, its end is the day it stopped. */
const endOf = (row: StrategySubscriber) => formatDisplayDate(row.ended_at ?? row.until);

const COLUMNS: readonly TableColumn<StrategySubscriber, (row: StrategySubscriber) => void>[] = [
  {
    header: 'User',
    key: 'user',
    card: 'title',
    wrap: true,
    cell: (row) => (
      <Flex direction="column" gap="0">
        <Text as="span">{row.name}</Text>
        <Text as="span" variation="secondary" fontSize="small">
          {row.email}
        </Text>
      </Flex>
    ),
  },
  { header: 'Status', key: 'status', card: 'lead', cell: (row) => <Badge variation={row.status === 'Active' ? 'success' : undefined}>{row.status}</Badge> },
  { header: 'Plan', key: 'plan', card: 'lead', cell: (row) => row.plan_label },
  { header: 'Account', key: 'account', priority: 'medium', wrap: true, cell: (row) => row.account_name },
  { header: 'Multiplier', key: 'multiplier', numeric: true, cell: (row) => multiplierLabel(row.multiplier) },
  { header: 'Since', key: 'since', priority: 'medium', cell: (row) => formatDisplayDate(row.since) },
  { header: 'Until', key: 'until', card: 'lead', cell: endOf },
  { header: 'Auto-renew', key: 'renew', priority: 'low', cell: (row) => (row.auto_renew ? 'Yes' : 'No') },
  { header: 'Source', key: 'source', priority: 'low', cell: (row) => SOURCE_TEXT[row.source] },
  {
    header: 'Actions',
    key: 'actions',
    card: 'actions',
    cell: (row, onEnd) =>
      canEndSubscription(row) ? (
        <Button size="small" variation="destructive" aria-label={`Not Subscribe ${row.name}`} onClick={() => onEnd(row)}>
          Not Subscribe
        </Button>
      ) : null,
  },
];

/** The strategy's subscribers, one row each with its current (or last) subscription. */
export function SubscribersTable({ rows, onEnd }: { rows: readonly StrategySubscriber[]; onEnd: (row: StrategySubscriber) => void }) {
  return (
    <ColumnTable
      className="strategy-users-table"
      caption="Subscribers"
      highlightOnHover
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.subscription_id}
      rowName={(row) => row.name}
      tools={onEnd}
    />
  );
}
