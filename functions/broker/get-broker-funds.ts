import { brokerTradingContracts } from '../../shared/contracts/broker-trading';
import { defineRoute } from '../platform/http/route';
import { readAccountFundsNow } from '../broker-accounts/trading/account-funds-now';

export const getBrokerFundsRoute = defineRoute(brokerTradingContracts.getBrokerFunds, async ({ body, principal, scope }) => ({
  data: await readAccountFundsNow(principal, body.broker_id, scope.log),
  message: 'Funds fetched',
}));
