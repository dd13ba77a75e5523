import { userContracts } from '../../shared/contracts/user';
import { defineRoute } from '../platform/http/route';
import { updateOwnProfile } from './update-profile';

export const updateUserProfileRoute = defineRoute(userContracts.updateUserProfile, async ({ body, files, principal }) => {
  const profile = await updateOwnProfile(principal, body, files?.profile);
  return { data: profile, message: 'Profile updated successfully' };
});
