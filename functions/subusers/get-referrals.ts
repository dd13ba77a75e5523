import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { defineRoute } from '../platform/http/route';
import { referralsOfSubUser } from '../referral-rewards/referral-overview';
import { findManagedSubUser } from '../sub-users/sub-user-scope';

/** The users a managed sub-user referred, with its earnings balance (the Referrals tab of /user/{sub_user_id}). */
export const getReferralsRoute = defineRoute(subUserViewContracts.getReferrals, async ({ principal, body }) => {
  const subUser = await findManagedSubUser(principal, body.sub_user_id);
  return { data: await referralsOfSubUser(subUser), message: 'Referrals fetched' };
});
