import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { strategyPermissionContracts } from '@shared/contracts/strategy-permissions';
import { strategyPlanContracts } from '@shared/contracts/strategy-plans';
import { strategyRecordContracts } from '@shared/contracts/strategy-records';
import { strategySubscriptionContracts } from '@shared/contracts/strategy-subscriptions';
import { groupKeys } from '@/entities/groups/api/group-keys';
import { callApi } from '@/lib/api-client';
import { strategyKeys } from './strategy-keys';

export type NewPlan = z.input<typeof strategyPlanContracts.addStrategyPlan.request>;
export type NewRecord = z.input<typeof strategyRecordContracts.addStrategyRecord.request>;
export type RecordChange = z.input<typeof strategyRecordContracts.updateStrategyRecord.request>;
export type PermissionChange = z.input<typeof strategyPermissionContracts.updateStrategyPermission.request>;

/** After a change, the part of the strategy it touched is read again. */
function useReread(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey });
}

export function useAddPlan(groupId: string) {
  const reread = useReread(strategyKeys.plans(groupId));
  return useMutation({ mutationFn: (plan: NewPlan) => callApi(strategyPlanContracts.addStrategyPlan, plan), onSuccess: reread });
}

/** Withdraws a plan: no longer offered; subscriptions taken on it run to their end. */
export function useWithdrawPlan(groupId: string) {
  const reread = useReread(strategyKeys.plans(groupId));
  return useMutation({
    mutationFn: (planId: string) => callApi(strategyPlanContracts.deleteStrategyPlan, { group_id: groupId, plan_id: planId }),
    onSuccess: reread,
  });
}

export function useAddRecord(groupId: string) {
  const reread = useReread(strategyKeys.recordsAll(groupId));
  return useMutation({ mutationFn: (record: NewRecord) => callApi(strategyRecordContracts.addStrategyRecord, record), onSuccess: reread });
}

/** Changes a record at the version read; a 409 means someone changed it meanwhile. */
export function useUpdateRecord(groupId: string) {
  const reread = useReread(strategyKeys.recordsAll(groupId));
  return useMutation({ mutationFn: (change: RecordChange) => callApi(strategyRecordContracts.updateStrategyRecord, change), onSuccess: reread });
}

export function useDeleteRecord(groupId: string) {
  const reread = useReread(strategyKeys.recordsAll(groupId));
  return useMutation({
    mutationFn: (recordId: string) => callApi(strategyRecordContracts.deleteStrategyRecord, { group_id: groupId, record_id: recordId }),
    onSuccess: reread,
  });
}

export function useUpdatePermission(groupId: string) {
  const reread = useReread(strategyKeys.permissions(groupId));
  return useMutation({
    mutationFn: (change: PermissionChange) => callApi(strategyPermissionContracts.updateStrategyPermission, change),
    onSuccess: reread,
  });
}

/**
 * Not Subscribe for one of the owner's sub-users: its account leaves the strategy's fan-out now (the
 * paid period is not refunded). The users, the counters and the group's accounts are read again.
 */
export function useEndSubscription(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      callApi(strategySubscriptionContracts.updateStrategySubscription, { group_id: groupId, subscription_id: subscriptionId, subscribed: false }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: strategyKeys.scope(groupId) }),
        queryClient.invalidateQueries({ queryKey: groupKeys.all }),
      ]),
  });
}
