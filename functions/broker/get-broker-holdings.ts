import { brokerTradingContracts } from '../../shared/contracts/broker-trading';
import { defineRoute } from '../platform/http/route';
import { readAccountHoldings } from '../broker-accounts/trading/account-holdings';

export const getBrokerHoldingsRoute = defineRoute(brokerTradingContracts.getBrokerHoldings, async ({ body, principal, scope }) => ({
  data: await readAccountHoldings(principal, body.broker_id, scope.log),
  message: 'Holdings fetched',
}));
