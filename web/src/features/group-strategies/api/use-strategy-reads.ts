import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { groupsContracts } from '@shared/contracts/groups';
import { strategyPermissionContracts } from '@shared/contracts/strategy-permissions';
import { strategyPlanContracts } from '@shared/contracts/strategy-plans';
import { strategyRecordContracts } from '@shared/contracts/strategy-records';
import { strategySubscriptionContracts, type SubscriptionStatus } from '@shared/contracts/strategy-subscriptions';
import { callApi } from '@/lib/api-client';
import type { PayloadDateRange } from '@/lib/format/calendar-date';
import { strategyKeys } from './strategy-keys';

export const PERMISSION_PAGE_SIZE = 20;

/** The strategy's group: name, visibility and description (POST getgroupbyid). */
export function useStrategyGroup(groupId: string) {
  return useQuery({ queryKey: strategyKeys.group(groupId), queryFn: () => callApi(groupsContracts.getGroupById, { group_id: groupId }) });
}

/** Every plan of the strategy, withdrawn ones included for the owner (POST getstrategyplans). */
export function useStrategyPlans(groupId: string) {
  return useQuery({ queryKey: strategyKeys.plans(groupId), queryFn: () => callApi(strategyPlanContracts.getStrategyPlans, { group_id: groupId }) });
}

/** The owner's entries and the computed days in a date range (POST getstrategyrecords). */
export function useStrategyRecords(groupId: string, range: PayloadDateRange) {
  return useQuery({
    queryKey: strategyKeys.records(groupId, range.from_date, range.to_date),
    queryFn: () => callApi(strategyRecordContracts.getStrategyRecords, { group_id: groupId, ...range }),
  });
}

/** One page of the franchise's users with whether each may view the strategy (POST getsubuseremails). */
export function usePermissionUsers(groupId: string, search: string, offset: number) {
  return useQuery({
    queryKey: strategyKeys.permissionPage(groupId, search, offset),
    queryFn: () =>
      callApi(strategyPermissionContracts.getSubUserEmails, {
        group_id: groupId,
        ...(search ? { search } : {}),
        offset,
        limit: PERMISSION_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The USERS tab: who subscribed, with the current or last subscription, and the counters (POST getstrategyusers). */
export function useStrategyUsers(groupId: string, status: SubscriptionStatus | null) {
  return useQuery({
    queryKey: strategyKeys.users(groupId, status ?? 'all'),
    queryFn: () => callApi(strategySubscriptionContracts.getStrategyUsers, { group_id: groupId, ...(status ? { status } : {}) }),
    placeholderData: keepPreviousData,
  });
}
