import { useQuery } from '@tanstack/react-query';
import { staticIpContracts } from '@shared/contracts/ips';
import { subUserContracts } from '@shared/contracts/subusers';
import { callApi } from '@/lib/api-client';
import { staticIpKeys } from './static-ip-keys';

/** The caller's IPs, its accounts without one, and whether it may buy (GET getstaticips). */
export function useMyStaticIps() {
  return useQuery({ queryKey: staticIpKeys.mine(), queryFn: () => callApi(staticIpContracts.getStaticIps, {}) });
}

/** What the caller may buy now: free addresses per version, the monthly price and the periods (GET getavailableips). */
export function useAvailableIps() {
  return useQuery({ queryKey: staticIpKeys.available(), queryFn: () => callApi(staticIpContracts.getAvailableIps, {}) });
}

/** The franchise's pool of addresses with counts per state (broker panel; GET getippool). */
export function useIpPool() {
  return useQuery({ queryKey: staticIpKeys.pool(), queryFn: () => callApi(staticIpContracts.getIpPool, {}) });
}

/** How many sub-users the allocation picker lists for one search. */
export const SUB_USER_PICK_LIMIT = 10;

/** The caller's sub-users matching a search (name, email, mobile or id), for picking one to allocate to. */
export function useSubUserSearch(search: string) {
  return useQuery({
    queryKey: staticIpKeys.subUserSearch(search),
    queryFn: () => callApi(subUserContracts.getSubUsers, { ...(search ? { search } : {}), limit: SUB_USER_PICK_LIMIT }),
  });
}

/** The IPs a sub-user holds and which of the caller's own it could get (POST getsubuserip). */
export function useSubUserIps(subUserId: number | null) {
  return useQuery({
    queryKey: staticIpKeys.subUser(subUserId ?? 0),
    queryFn: () => callApi(staticIpContracts.getSubUserIp, { sub_user_id: subUserId ?? 0 }),
    enabled: subUserId !== null,
  });
}
