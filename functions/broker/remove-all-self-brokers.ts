import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { removeAllAccounts } from '../broker-accounts/accounts/remove-account';

export const removeAllSelfBrokersRoute = defineRoute(brokerContracts.removeAllSelfBrokers, async ({ principal, scope }) => {
  const { removed, refundedCredits } = await removeAllAccounts(principal, scope.log);
  return { data: { removed, refunded_credits: refundedCredits }, message: `${removed} broker accounts removed.` };
});
