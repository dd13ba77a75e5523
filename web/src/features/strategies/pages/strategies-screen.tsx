import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { useAvailableStrategies } from '../api/use-available-strategies';
import { StrategyCard } from '../components/strategy-card';
import { NO_PAST_RETURNS_TEXT, NO_STRATEGIES_TEXT } from '../subscription-words';
import '../strategies.css';

/** An ordinary user's Strategies: the group strategies it may follow, their plans, and its own subscriptions. */
export function StrategiesScreen() {
  const strategies = useAvailableStrategies();
  const dialogs = useDialogSlot();
  const items = strategies.data?.items ?? [];
  return (
    <Flex direction="column" gap="large" className="strategies-screen">
      <Heading level={2}>Strategies</Heading>
      <Text variation="secondary">{NO_PAST_RETURNS_TEXT}</Text>
      {strategies.isPending ? <LoadingState label="Loading the strategies…" /> : null}
      {strategies.isError ? <ErrorState message={strategies.error.message} onRetry={() => void strategies.refetch()} /> : null}
      {strategies.isSuccess && items.length === 0 ? <Text>{NO_STRATEGIES_TEXT}</Text> : null}
      {items.length > 0 ? (
        <div className="strategies-screen__cards">
          {items.map((strategy) => (
            <StrategyCard key={strategy.group_strategy_id} strategy={strategy} dialogs={dialogs} />
          ))}
        </div>
      ) : null}
      {dialogs.dialog}
    </Flex>
  );
}
