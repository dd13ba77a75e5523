import { strategySubscriptionContracts } from '../../shared/contracts/strategy-subscriptions';
import { readSubscriberAccounts } from '../group-strategies/strategy-followers';
import { defineRoute } from '../platform/http/route';

export const getSubscriberAccountsRoute = defineRoute(strategySubscriptionContracts.getSubscriberAccounts, async ({ body, principal }) => ({
  data: await readSubscriberAccounts(principal, body),
  message: 'Accounts fetched',
}));
