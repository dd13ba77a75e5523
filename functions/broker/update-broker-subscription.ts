import { brokerContracts } from '../../shared/contracts/broker';
import { defineRoute } from '../platform/http/route';
import { toBrokerAccount } from '../broker-accounts/accounts/account-view';
import { buySubscription } from '../broker-accounts/subscriptions/buy-subscription';

export const updateBrokerSubscriptionRoute = defineRoute(brokerContracts.updateBrokerSubscription, async ({ body, principal }) => {
  const purchase = await buySubscription(principal, body);
  return {
    data: {
      account: toBrokerAccount(purchase.account),
      charged_credits: purchase.chargedCredits,
      balance_after: purchase.balanceAfter,
      ledger_entry_id: purchase.ledgerEntryId,
      replayed: purchase.replayed,
    },
    message: 'Subscription updated successfully.',
  };
});
