import { brokerTradingContracts } from '../../shared/contracts/broker-trading';
import { defineRoute } from '../platform/http/route';
import { readOrderMargin } from '../broker-accounts/trading/account-order-margin';

export const getOrderMarginRoute = defineRoute(brokerTradingContracts.getOrderMargin, async ({ body, principal, scope }) => ({
  data: await readOrderMargin(principal, body, scope.log),
  message: 'Margin calculated',
}));
