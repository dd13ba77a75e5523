import { subUserContracts } from '../../shared/contracts/subusers';
import { defineRoute } from '../platform/http/route';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';
import { loginContextOf } from '../broker-accounts/integrations/login-context';
import { connectSubUserBroker } from '../sub-users/connect-sub-user-broker';

export const connectSubUserBrokerRoute = defineRoute(subUserContracts.connectSubUserBroker, async ({ body, principal, scope }) => {
  const { account, loginUrl } = await connectSubUserBroker(principal, body.sub_user_id, body.connection, loginContextOf(scope));
  const message = loginUrl ? 'Log in to the broker to finish connecting.' : 'Broker connected successfully.';
  return { data: { account: toBrokerAccount(account), login_url: loginUrl }, message, activityNote: `user ${body.sub_user_id}: ${account.broker}` };
});
