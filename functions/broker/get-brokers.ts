import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';
import { listLiveAccounts } from '../broker-accounts/accounts/list-accounts';

export const getBrokersRoute = defineRoute(brokerContracts.getBrokers, async ({ principal }) => ({
  data: (await listLiveAccounts(principal)).map(toBrokerAccount),
  message: 'Broker accounts fetched',
}));
