import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { strategySubscriptionContracts } from '@shared/contracts/strategy-subscriptions';
import { subUserContracts } from '@shared/contracts/subusers';
import { groupKeys } from '@/entities/groups/api/group-keys';
import { callApi } from '@/lib/api-client';
import { strategyKeys } from './strategy-keys';

export type NewSubscriber = z.input<typeof strategySubscriptionContracts.userStrategySubscription.request>;

/** How many of the owner's sub-users one search lists (a search narrows it). */
export const SUB_USER_MATCH_LIMIT = 10;

/** The owner's sub-users matching a search by name, email, mobile or id (POST getsubusers). */
export function useSubUserMatches(search: string) {
  return useQuery({
    queryKey: strategyKeys.subUserMatches(search),
    queryFn: () => callApi(subUserContracts.getSubUsers, { ...(search ? { search } : {}), limit: SUB_USER_MATCH_LIMIT }),
  });
}

/** A sub-user's connected accounts not yet in the strategy (POST getsubscriberaccounts). */
export function useSubscriberAccounts(groupId: string, subUserId: number) {
  return useQuery({
    queryKey: strategyKeys.subscriberAccounts(groupId, subUserId),
    queryFn: () => callApi(strategySubscriptionContracts.getSubscriberAccounts, { group_id: groupId, sub_user_id: subUserId }),
  });
}

/**
 * The owner adds one of its sub-users (free): the sub-user's account joins the strategy's fan-out at
 * once. The USERS list, the counters and the group's accounts are read again.
 */
export function useAddSubscriber(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriber: NewSubscriber) => callApi(strategySubscriptionContracts.userStrategySubscription, subscriber),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: strategyKeys.scope(groupId) }),
        queryClient.invalidateQueries({ queryKey: groupKeys.all }),
      ]),
  });
}
