import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';
import { refreshAllAccounts } from '../broker-accounts/accounts/refresh-account';

export const refreshAllRoute = defineRoute(brokerContracts.refreshAll, async ({ principal, scope }) => {
  const outcome = await refreshAllAccounts(principal, scope.log);
  const message = outcome.failed === 0 ? 'Data refreshed successfully!' : 'Error refreshing data. Please try again.';
  return { data: { accounts: outcome.accounts.map(toBrokerAccount), refreshed: outcome.refreshed, failed: outcome.failed }, message };
});
