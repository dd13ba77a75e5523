import type { SubUser } from '../../shared/contracts/subusers';
import { countSubUserRelations } from '../data/sub-users/sub-users-repository';
import type { Principal } from '../platform/http/principal';
import { findManagedSubUser } from './sub-user-scope';
import { defaultReferralBp, toSubUser } from './sub-user-view';

/** One sub-user the caller manages (404 otherwise), with how many broker accounts it has and users it referred. */
export async function subUserInfo(principal: Principal, subUserId: number): Promise<{ sub_user: SubUser; broker_account_count: number; referred_count: number }> {
  const user = await findManagedSubUser(principal, subUserId);
  const [counts, defaultBp] = await Promise.all([countSubUserRelations(user.frch_id, user.user_id), defaultReferralBp(user.frch_id)]);
  return { sub_user: toSubUser(user, defaultBp), broker_account_count: counts.brokerAccounts, referred_count: counts.referred };
}
