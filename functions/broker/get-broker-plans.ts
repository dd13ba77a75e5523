import { brokerContracts } from '../../shared/contracts/broker';
import { BROKER_PLANS } from '../data/broker-plans';
import { defineRoute } from '../platform/http/route';

export const getBrokerPlansRoute = defineRoute(brokerContracts.getBrokerPlans, async () => ({
  data: [...BROKER_PLANS],
  message: 'Plans fetched',
}));
