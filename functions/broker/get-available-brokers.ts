import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { brokerCatalog } from '../broker-accounts/accounts/broker-catalog';

export const getAvailableBrokersRoute = defineRoute(brokerContracts.getAvailableBrokers, async () => ({
  data: brokerCatalog(),
  message: 'Brokers fetched',
}));
