import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { subUserContracts } from '@shared/contracts/subusers';
import { callApi } from '@/lib/api-client';
import { subUserKeys, type SubUsersRequest } from './sub-user-keys';

export const SUB_USERS_PAGE_SIZE = 20;

/** One page of the caller's sub-users (POST getsubusers); the previous page stays while the next loads. */
export function useSubUsers(request: SubUsersRequest) {
  return useQuery({
    queryKey: subUserKeys.list(request),
    queryFn: () => callApi(subUserContracts.getSubUsers, request),
    placeholderData: keepPreviousData,
  });
}

/** One sub-user the caller manages, with its counts (POST getsubuserinfo); nothing is asked without an id. */
export function useSubUserInfo(subUserId: number | null) {
  return useQuery({
    queryKey: subUserKeys.info(subUserId ?? 0),
    queryFn: () => callApi(subUserContracts.getSubUserInfo, { sub_user_id: subUserId ?? 0 }),
    enabled: subUserId !== null,
  });
}
