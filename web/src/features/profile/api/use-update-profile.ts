import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userContracts } from '@shared/contracts/user';
import type { UserProfile } from '@shared/contracts/user-profile';
import { profileKeys } from '@/entities/profile/api/profile-keys';
import { callApi } from '@/lib/api-client';
import type { ProfileUpdate } from '../profile-form-values';

/** Puts a fresh profile in the cache (the top bar's avatar and name follow) and refetches to be sure. */
export function useRefreshProfile(): (profile: UserProfile | null) => Promise<void> {
  const queryClient = useQueryClient();
  return async (profile) => {
    if (profile) queryClient.setQueryData(profileKeys.current(), profile);
    await queryClient.invalidateQueries({ queryKey: profileKeys.all });
  };
}

/** Saves names, place, age range and (optionally) a new picture: multipart POST /users/updateuserprofile. */
export function useUpdateProfile() {
  const refreshProfile = useRefreshProfile();
  return useMutation({
    mutationFn: ({ fields, picture }: ProfileUpdate) =>
      callApi(userContracts.updateUserProfile, fields, {}, { profile: picture }),
    onSuccess: (profile) => refreshProfile(profile),
  });
}
