import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';
import { reconnectAccount } from '../broker-accounts/accounts/reconnect-account';
import { loginContextOf } from '../broker-accounts/integrations/login-context';

export const reconnectRoute = defineRoute(brokerContracts.reconnect, async ({ body, principal, scope }) => {
  const { account, loginUrl } = await reconnectAccount(principal, body.broker_id, loginContextOf(scope));
  const message = loginUrl ? 'Log in to the broker to finish reconnecting.' : 'Broker reconnected successfully.';
  return { data: { account: toBrokerAccount(account), login_url: loginUrl }, message };
});
