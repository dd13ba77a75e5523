import { brokerTradingContracts } from '../../shared/contracts/broker-trading';
import { defineRoute } from '../platform/http/route';
import { readAccountPositions } from '../broker-accounts/trading/account-positions';

export const getBrokerPositionsRoute = defineRoute(brokerTradingContracts.getBrokerPositions, async ({ body, principal, scope }) => ({
  data: await readAccountPositions(principal, body.broker_id, scope.log),
  message: 'Positions fetched',
}));
