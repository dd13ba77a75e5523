import { userContracts } from '../../shared/contracts/user';
import { getUser } from '../data/users-repository';
import { toUserProfile } from '../data/user-item';
import { NotFoundError } from '../platform/errors';
import { defineRoute } from '../platform/http/route';

export const getUserProfileRoute = defineRoute(userContracts.getUserProfile, async ({ principal }) => {
  const user = await getUser(principal.frchId, principal.userId);
  if (!user) throw new NotFoundError('User not found');
  return { data: toUserProfile(user), message: 'Profile fetched' };
});
