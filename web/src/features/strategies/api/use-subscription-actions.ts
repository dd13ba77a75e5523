import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { strategySubscriptionContracts, type SubscribedStrategy } from '@shared/contracts/strategy-subscriptions';
import { currentProfileQueryOptions } from '@/entities/profile/api/use-user-profile';
import { callApi } from '@/lib/api-client';
import { strategiesKeys } from './strategies-keys';

export type SubscribeInput = z.input<typeof strategySubscriptionContracts.userStrategySubscription.request>;
export type SubscriptionChange = z.input<typeof strategySubscriptionContracts.updateStrategySubscription.request>;

type AvailableAnswer = z.output<typeof strategySubscriptionContracts.getAvailableStrategies.response>;

/** Shows the answered subscription on its strategy's card at once, then reads the list again. */
function showSubscription(queryClient: QueryClient, subscription: SubscribedStrategy): Promise<void> {
  queryClient.setQueryData<AvailableAnswer>(strategiesKeys.available(), (cached) =>
    cached
      ? { items: cached.items.map((strategy) => (strategy.group_strategy_id === subscription.group_strategy_id ? { ...strategy, subscription } : strategy)) }
      : cached,
  );
  return queryClient.invalidateQueries({ queryKey: strategiesKeys.available() });
}

/** Buys a plan: the wallet pays in the same request, so the balance is read again as well. */
export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubscribeInput) => callApi(strategySubscriptionContracts.userStrategySubscription, input),
    onSuccess: async (answer) => {
      await Promise.all([
        showSubscription(queryClient, answer.subscription),
        queryClient.invalidateQueries({ queryKey: currentProfileQueryOptions().queryKey }),
      ]);
    },
  });
}

/** Changes the account, multiplier or auto-renew of a running subscription, or ends it (`subscribed: false`). */
export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SubscriptionChange) => callApi(strategySubscriptionContracts.updateStrategySubscription, change),
    onSuccess: (subscription) => showSubscription(queryClient, subscription),
  });
}
