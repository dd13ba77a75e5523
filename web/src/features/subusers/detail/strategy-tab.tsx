import { Flex, Text } from '@aws-amplify/ui-react';
import type { z } from 'zod';
import type { subscribedStrategySchema } from '@shared/contracts/subuser-views';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatDisplayDate } from '@/lib/format/date-time';
import { useSubscribedStrategies } from '../api/use-sub-user-views';

type SubscribedStrategy = z.infer<typeof subscribedStrategySchema>;

/** Said plainly: nothing in this release creates subscriptions, so the list is empty until group strategies arrive. */
export const NO_STRATEGIES_TEXT = 'No strategy subscriptions yet. Group strategies arrive with a later release; subscriptions will show here.';

const COLUMNS: readonly TableColumn<SubscribedStrategy>[] = [
  { header: 'Strategy', key: 'strategy', card: 'title', cell: (one) => one.strategy_name },
  { header: 'Plan', key: 'plan', cell: (one) => one.plan_label },
  { header: 'Status', key: 'status', card: 'lead', cell: (one) => one.status },
  { header: 'Account', key: 'account', priority: 'medium', cell: (one) => one.broker_id },
  { header: 'Multiplier', key: 'multiplier', numeric: true, priority: 'low', cell: (one) => `${one.multiplier}×` },
  { header: 'From', key: 'since', priority: 'medium', cell: (one) => formatDisplayDate(one.since) },
  { header: 'Until', key: 'until', card: 'lead', cell: (one) => formatDisplayDate(one.until) },
  { header: 'Auto-renew', key: 'renew', priority: 'low', cell: (one) => (one.auto_renew ? 'Yes' : 'No') },
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
