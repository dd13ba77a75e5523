import { Flex, Text } from '@aws-amplify/ui-react';
import type { SubscribedStrategy } from '@shared/contracts/strategy-subscriptions';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { multiplierLabel } from '@/entities/multiplier/multiplier-text';
import { formatDisplayDate } from '@/lib/format/date-time';
import { formatMoneyExact } from '@/lib/format/money';
import { useSubscribedStrategies } from '../api/use-sub-user-views';

export const NO_STRATEGIES_TEXT = 'No strategy subscriptions yet. They show here once this user follows a strategy.';

/** A running subscription runs until its end; a stopped one says when it stopped (early, or at its end). */
const endText = (one: SubscribedStrategy) => (one.status === 'Active' ? `Until ${formatDisplayDate(one.until)}` : `Ended ${formatDisplayDate(one.ended_at ?? one.until)}`);

/** What the subscriber paid; an owner-added subscription is paid outside the platform. */
const priceText = (one: SubscribedStrategy) => (one.source === 'owner' ? 'Added by the owner, not charged' : formatMoneyExact(one.price_credits));

const COLUMNS: readonly TableColumn<SubscribedStrategy>[] = [
  { header: 'Strategy', key: 'strategy', card: 'title', cell: (one) => one.strategy_name },
  { header: 'Plan', key: 'plan', cell: (one) => one.plan_label },
  { header: 'Status', key: 'status', card: 'lead', cell: (one) => one.status },
  { header: 'Account', key: 'account', priority: 'medium', cell: (one) => one.account_name },
  { header: 'Multiplier', key: 'multiplier', numeric: true, priority: 'low', cell: (one) => multiplierLabel(one.multiplier) },
  { header: 'Since', key: 'since', priority: 'medium', cell: (one) => formatDisplayDate(one.since) },
  { header: 'Until / ended', key: 'until', card: 'lead', cell: endText },
  { header: 'Auto-renew', key: 'renew', priority: 'low', cell: (one) => (one.auto_renew ? 'Yes' : 'No') },
  { header: 'Price', key: 'price', numeric: true, priority: 'low', cell: priceText },
];

/** The Strategy tab: the sub-user's group-strategy subscriptions, active and expired. */
export function StrategyTab({ subUserId }: { subUserId: number }) {
  const strategies = useSubscribedStrategies(subUserId);
  if (strategies.isPending) return <LoadingState label="Loading the strategies…" />;
  if (strategies.isError) return <ErrorState message={strategies.error.message} onRetry={() => void strategies.refetch()} />;
  const { items } = strategies.data;
  return (
    <Flex direction="column" gap="medium">
      {items.length === 0 ? (
        <Text variation="secondary">{NO_STRATEGIES_TEXT}</Text>
      ) : (
        <ColumnTable
          className="sub-user-strategies-table"
          caption="Strategy subscriptions, newest first"
          highlightOnHover
          columns={COLUMNS}
          rows={items}
          rowKey={(one) => one.subscription_id}
          rowName={(one) => `${one.strategy_name} ${one.status}`}
        />
      )}
    </Flex>
  );
}
