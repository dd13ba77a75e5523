import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';
import { connectAccount } from '../broker-accounts/accounts/connect-account';
import { loginContextOf } from '../broker-accounts/integrations/login-context';

export const connectBrokerRoute = defineRoute(brokerContracts.connectBroker, async ({ body, principal, scope }) => {
  const { account, loginUrl } = await connectAccount(principal, body, loginContextOf(scope));
  const message = loginUrl ? 'Log in to the broker to finish connecting.' : 'Broker connected successfully.';
  return { data: { account: toBrokerAccount(account), login_url: loginUrl }, message };
});
