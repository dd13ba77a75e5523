import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subUserContracts } from '@shared/contracts/subusers';
import { callApi } from '@/lib/api-client';
import { subUserKeys } from './sub-user-keys';

/** The two permissions that can be set for many sub-users at once. */
export const BULK_FLAGS = {
  demat: { label: 'demat', call: subUserContracts.allowDisallowDemat },
  purchaseIp: { label: 'IP purchase', call: subUserContracts.allowDisallowPurchaseIp },
} as const;

export type BulkFlag = keyof typeof BULK_FLAGS;

export interface BulkFlagChange {
  flag: BulkFlag;
  allowed: boolean;
  /** The ticked sub-users; empty means every sub-user the caller manages. */
  subUserIds: readonly number[];
}

/** Allows or stops a permission for the ticked sub-users (or all of them), then reads the lists again. */
export function useBulkFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flag, allowed, subUserIds }: BulkFlagChange) =>
      callApi(BULK_FLAGS[flag].call, subUserIds.length > 0 ? { sub_user_ids: [...subUserIds], allowed } : { all: true, allowed }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subUserKeys.all }),
  });
}
