import { brokerTradingContracts } from '../../shared/contracts/broker-trading';
import { defineRoute } from '../platform/http/route';
import { toBrokerAccount } from './accounts/account-view';
import { completeRedirectLogin } from './sessions/redirect-logins';

export const completeBrokerLoginRoute = defineRoute(brokerTradingContracts.completeBrokerLogin, async ({ body, principal, scope }) => ({
  data: toBrokerAccount(await completeRedirectLogin(principal, body.broker_id, body.request_token, scope.log)),
  message: 'Broker connected successfully.',
}));
