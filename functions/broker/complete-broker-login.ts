import { brokerTradingContracts } from '../../shared/contracts/broker-trading';
import { defineRoute } from '../platform/http/route';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';
import { loginContextOf } from '../broker-accounts/integrations/login-context';
import { completeBrokerLogin } from '../sub-users/connect-sub-user-broker';

/** The caller's own account, or a sub-user's whose login the caller started (`connectsubuserbroker`). */
export const completeBrokerLoginRoute = defineRoute(brokerTradingContracts.completeBrokerLogin, async ({ body, principal, scope }) => ({
  data: toBrokerAccount(await completeBrokerLogin(principal, body.broker_id, body.request_token, loginContextOf(scope))),
  message: 'Broker connected successfully.',
}));
