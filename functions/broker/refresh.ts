import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';
import { refreshAccount } from '../broker-accounts/accounts/refresh-account';

export const refreshRoute = defineRoute(brokerContracts.refresh, async ({ body, principal, scope }) => {
  const account = await refreshAccount(principal, body.broker_id, scope.log);
  const message = account.status === 'connected' ? 'Data refreshed successfully!' : 'Broker session expired. Please log in to the broker again.';
  return { data: toBrokerAccount(account), message };
});
