import { mailTestContracts } from '../../shared/contracts/mail-test';
import { getUser } from '../data/users-repository';
import { sendTestMail } from '../mail/send-test-mail';
import { NotFoundError } from '../platform/errors';
import { defineRoute } from '../platform/http/route';

/** Issue 18 `POST sendtestmail`: a test mail through the franchise's saved mail server, to `to` or the caller's own email. */
export const sendTestMailRoute = defineRoute(mailTestContracts.sendTestMail, async ({ body, principal, scope }) => {
  let to = body.to;
  if (!to) {
    const user = await getUser(principal.frchId, principal.userId);
    if (!user) throw new NotFoundError('User not found');
    to = user.email;
  }
  const sent = await sendTestMail(principal.frchId, to, scope.log);
  return { data: sent, message: `Test mail sent to ${sent.to}` };
});
