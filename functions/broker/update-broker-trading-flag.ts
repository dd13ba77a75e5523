import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { setTradingFlag } from '../broker-accounts/accounts/account-settings';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';

export const updateBrokerTradingFlagRoute = defineRoute(brokerContracts.updateBrokerTradingFlag, async ({ body, principal }) => ({
  data: toBrokerAccount(await setTradingFlag(principal, body.broker_id, body.trading_enabled)),
  message: body.trading_enabled ? 'Trading turned on' : 'Trading turned off',
}));
