import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { brokerNames } from '../broker-accounts/accounts/list-accounts';

export const getBrokerNamesRoute = defineRoute(brokerContracts.getBrokerNames, async ({ body, principal }) => ({
  data: await brokerNames(principal, body.only_my_brokers),
  message: 'Broker names fetched',
}));
