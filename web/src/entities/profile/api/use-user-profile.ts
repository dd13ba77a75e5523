import { queryOptions, useQuery } from '@tanstack/react-query';
import { userContracts } from '@shared/contracts/user';
import { callApi } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** The signed-in user's profile (GET /users/getuserprofile). */
export function currentProfileQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.current(),
    queryFn: () => callApi(userContracts.getUserProfile, {}),
  });
}

export function useUserProfile() {
  return useQuery(currentProfileQueryOptions());
}
