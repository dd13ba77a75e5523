import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { staticIpContracts } from '@shared/contracts/ips';
import { dematKeys } from '@/entities/broker-accounts/api/demat-keys';
import { profileKeys } from '@/entities/profile/api/profile-keys';
import { callApi } from '@/lib/api-client';
import { staticIpKeys } from './static-ip-keys';

export type IpPurchase = z.input<typeof staticIpContracts.purchaseStaticIp.request>;
export type IpUpdate = z.input<typeof staticIpContracts.updateStaticIp.request>;
export interface IpAllocation {
  ip_id: string;
  sub_user_id: number;
}

/** After any change: the IP lists, the pool, and the accounts (each account card shows its IP) are read again. */
function useRereadAfterChange() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: staticIpKeys.all }),
      queryClient.invalidateQueries({ queryKey: dematKeys.accounts() }),
    ]);
  };
}

/** Buys an address from the wallet (POST purchasestaticip); the balance in the top bar is read again. */
export function usePurchaseStaticIp() {
  const reread = useRereadAfterChange();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchase: IpPurchase) => callApi(staticIpContracts.purchaseStaticIp, purchase),
    onSuccess: async () => {
      await reread();
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

/** Label, role, auto-renew or the accounts using an IP (POST updatestaticip). */
export function useUpdateStaticIp() {
  const reread = useRereadAfterChange();
  return useMutation({ mutationFn: (update: IpUpdate) => callApi(staticIpContracts.updateStaticIp, update), onSuccess: reread });
}

/** Gives an IP up into quarantine, without refund (POST removestaticip). */
export function useRemoveStaticIp() {
  const reread = useRereadAfterChange();
  return useMutation({ mutationFn: (ipId: string) => callApi(staticIpContracts.removeStaticIp, { ip_id: ipId }), onSuccess: reread });
}

/** Hands one of the caller's IPs to a sub-user (POST allocateiptosubuser). */
export function useAllocateIp() {
  const reread = useRereadAfterChange();
  return useMutation({ mutationFn: (allocation: IpAllocation) => callApi(staticIpContracts.allocateIpToSubUser, allocation), onSuccess: reread });
}

/** Takes an allocated IP back from a sub-user (POST disallocateipfromsubuser). */
export function useDisallocateIp() {
  const reread = useRereadAfterChange();
  return useMutation({ mutationFn: (allocation: IpAllocation) => callApi(staticIpContracts.disallocateIpFromSubUser, allocation), onSuccess: reread });
}

/** Asks the egress proxy which address a test call from the IP leaves from (POST checkegress). */
export function useCheckEgress() {
  return useMutation({ mutationFn: (ipId: string) => callApi(staticIpContracts.checkEgress, { ip_id: ipId }) });
}
