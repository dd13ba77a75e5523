import { brokerTradingContracts } from '../../shared/contracts/broker-trading';
import { defineRoute } from '../platform/http/route';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';
import { loginContextOf } from '../broker-accounts/integrations/login-context';
import { completeRedirectLogin } from '../broker-accounts/sessions/redirect-logins';

export const completeBrokerLoginRoute = defineRoute(brokerTradingContracts.completeBrokerLogin, async ({ body, principal, scope }) => ({
  data: toBrokerAccount(await completeRedirectLogin(principal, body.broker_id, body.request_token, loginContextOf(scope))),
  message: 'Broker connected successfully.',
}));
