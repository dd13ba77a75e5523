import { brokerTradingContracts } from '../../shared/contracts/broker-trading';
import { defineRoute } from '../platform/http/route';
import { readAccountOrderBook } from '../broker-accounts/trading/account-order-book';

export const getBrokerOrderBookRoute = defineRoute(brokerTradingContracts.getBrokerOrderBook, async ({ body, principal, scope }) => ({
  data: await readAccountOrderBook(principal, body.broker_id, scope.log),
  message: 'Order book fetched',
}));
