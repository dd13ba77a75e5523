import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subUserContracts, type SubUser } from '@shared/contracts/subusers';
import { callApi } from '@/lib/api-client';
import { patchSubUser, restoreSnapshot, takeSnapshot, useStoreSubUser, type SubUserSnapshot } from './sub-user-cache';
import { subUserKeys } from './sub-user-keys';

/** The three permissions a parent switches per sub-user, and the call that sets each. */
export const SUB_USER_FLAGS = {
  demat_allowed: { label: 'Demat', call: subUserContracts.updateSubUserDematAllowFlag },
  purchase_ip_allowed: { label: 'Static IP purchase', call: subUserContracts.updateSubUserPurchaseIpAllowFlag },
  link_sharing: { label: 'Link sharing', call: subUserContracts.setLinkSharingFlag },
} as const;

export type SubUserFlag = keyof typeof SUB_USER_FLAGS;

interface FlagChange {
  subUserId: number;
  flag: SubUserFlag;
  allowed: boolean;
}

/**
 * Switches one flag of one sub-user. The switch moves at once; a refusal puts it back (the caller shows
 * the message), and the answered sub-user replaces the guess.
 */
export function useFlipSubUserFlag() {
  const queryClient = useQueryClient();
  const storeSubUser = useStoreSubUser();
  return useMutation<{ sub_user: SubUser }, Error, FlagChange, SubUserSnapshot>({
    mutationFn: ({ subUserId, flag, allowed }) => callApi(SUB_USER_FLAGS[flag].call, { sub_user_id: subUserId, allowed }),
    onMutate: async ({ subUserId, flag, allowed }) => {
      await queryClient.cancelQueries({ queryKey: subUserKeys.all });
      const snapshot = takeSnapshot(queryClient, subUserId);
      patchSubUser(queryClient, subUserId, (user) => ({ ...user, [flag]: allowed }));
      return snapshot;
    },
    onError: (_error, _change, snapshot) => {
      if (snapshot) restoreSnapshot(queryClient, snapshot);
    },
    onSuccess: ({ sub_user }) => storeSubUser(sub_user),
  });
}

/** Sets one sub-user's referral percent (0–100, two decimals) and stores the answered sub-user. */
export function useUpdateReferPercent() {
  const storeSubUser = useStoreSubUser();
  return useMutation({
    mutationFn: ({ subUserId, percent }: { subUserId: number; percent: number }) =>
      callApi(subUserContracts.updateReferPercent, { sub_user_id: subUserId, referral_percent: percent }),
    onSuccess: ({ sub_user }) => storeSubUser(sub_user),
  });
}
