import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { brokerCatalog } from '../broker-accounts/accounts/broker-catalog';
import { franchiseBrokerConfig } from '../broker-accounts/sessions/franchise-broker-config';

/** The catalog of the brokers the caller's franchise offers (BROKER_CONFIG). */
export const getAvailableBrokersRoute = defineRoute(brokerContracts.getAvailableBrokers, async ({ principal }) => ({
  data: brokerCatalog(await franchiseBrokerConfig(principal.frchId)),
  message: 'Brokers fetched',
}));
