import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { subUserViewContracts } from '@shared/contracts/subuser-views';
import { profileKeys } from '@/entities/profile/api/profile-keys';
import { callApi } from '@/lib/api-client';
import type { PayloadDateRange } from '@/lib/format/calendar-date';
import { subUserKeys } from './sub-user-keys';

export const SUB_USER_VIEW_PAGE_SIZE = 50;

export type CreditDebitRequest = z.input<typeof subUserViewContracts.creditDebitSubUser.request>;

/** Query keys of one sub-user's tabs, under the sub-user screens' keys (a money move refreshes them all). */
const viewKeys = {
  of: (subUserId: number) => [...subUserKeys.all, 'views', subUserId] as const,
  ledger: (subUserId: number, range: PayloadDateRange) => [...viewKeys.of(subUserId), 'ledger', range] as const,
  activities: (subUserId: number, range: PayloadDateRange) => [...viewKeys.of(subUserId), 'activities', range] as const,
  orders: (subUserId: number, range: PayloadDateRange) => [...viewKeys.of(subUserId), 'orders', range] as const,
  referrals: (subUserId: number) => [...viewKeys.of(subUserId), 'referrals'] as const,
  strategies: (subUserId: number) => [...viewKeys.of(subUserId), 'strategies'] as const,
};

const pageParams = (cursor: string) => ({ limit: SUB_USER_VIEW_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
const nextCursor = (page: { next_cursor: string | null }) => page.next_cursor ?? undefined;

/** The sub-user's wallet ledger of a date range, newest first ("Load more" follows the cursor). */
export function useSubUserLedger(subUserId: number, range: PayloadDateRange) {
  return useInfiniteQuery({
    queryKey: viewKeys.ledger(subUserId, range),
    queryFn: ({ pageParam }) => callApi(subUserViewContracts.getLedger, { sub_user_id: subUserId, ...range, ...pageParams(pageParam) }),
    initialPageParam: '',
    getNextPageParam: nextCursor,
  });
}

/** The sub-user's activity log of a date range, newest first. */
export function useSubUserActivities(subUserId: number, range: PayloadDateRange) {
  return useInfiniteQuery({
    queryKey: viewKeys.activities(subUserId, range),
    queryFn: ({ pageParam }) => callApi(subUserViewContracts.getSubUserActivities, { sub_user_id: subUserId, ...range, ...pageParams(pageParam) }),
    initialPageParam: '',
    getNextPageParam: nextCursor,
  });
}

/** The sub-user's orders of every origin in a date range, newest first. */
export function useSubUserOrders(subUserId: number, range: PayloadDateRange) {
  return useInfiniteQuery({
    queryKey: viewKeys.orders(subUserId, range),
    queryFn: ({ pageParam }) => callApi(subUserViewContracts.getOrderHistory, { sub_user_id: subUserId, ...range, ...pageParams(pageParam) }),
    initialPageParam: '',
    getNextPageParam: nextCursor,
  });
}

/** The users the sub-user referred, with what it earned from each, and its earnings balance. */
export function useSubUserReferrals(subUserId: number) {
  return useQuery({ queryKey: viewKeys.referrals(subUserId), queryFn: () => callApi(subUserViewContracts.getReferrals, { sub_user_id: subUserId }) });
}

/** The sub-user's group-strategy subscriptions, newest first. */
export function useSubscribedStrategies(subUserId: number) {
  return useQuery({ queryKey: viewKeys.strategies(subUserId), queryFn: () => callApi(subUserViewContracts.getSubscribedStrategies, { sub_user_id: subUserId }) });
}

/** Credits or debits the sub-user (POST creditdebitsubuser); afterwards both balances, its ledger and the lists are read again. */
export function useCreditDebitSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreditDebitRequest) => callApi(subUserViewContracts.creditDebitSubUser, request),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: subUserKeys.all }), queryClient.invalidateQueries({ queryKey: profileKeys.current() })]),
  });
}
