import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';
import { removeAccount } from '../broker-accounts/accounts/remove-account';

export const removeBrokerRoute = defineRoute(brokerContracts.removeBroker, async ({ body, principal, scope }) => {
  const { account, refundedCredits } = await removeAccount(principal, body.broker_id, scope.log);
  return { data: { account: toBrokerAccount(account), refunded_credits: refundedCredits }, message: 'Broker removed successfully.' };
});
