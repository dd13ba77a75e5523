import { subUserContracts } from '../../shared/contracts/subusers';
import { siteOrigin } from '../payments/payment-urls';
import { defineRoute } from '../platform/http/route';
import { addSubUser } from '../sub-users/add-sub-user';

export const addSubUserRoute = defineRoute(subUserContracts.addSubUser, async ({ body, principal, scope }) => {
  const answer = await addSubUser(principal, body, { origin: siteOrigin(scope.raw), log: scope.log });
  const message = answer.mail_sent
    ? 'User added. We have mailed them a link to choose a password.'
    : 'User added, but the mail with the link to choose a password could not be sent.';
  return { data: answer, message, activityNote: `user ${answer.sub_user.user_id}` };
});
