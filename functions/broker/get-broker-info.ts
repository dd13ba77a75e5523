import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';
import { loadOwnedAccount } from '../broker-accounts/accounts/owned-account';

export const getBrokerInfoRoute = defineRoute(brokerContracts.getBrokerInfo, async ({ body, principal }) => ({
  data: toBrokerAccount(await loadOwnedAccount(principal, body.broker_id)),
  message: 'Broker account fetched',
}));
