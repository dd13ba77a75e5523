import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { BrokerAccount } from '../../shared/contracts/broker';
import type { StrategyPlan } from '../../shared/contracts/strategy-plans';
import {
  availableStrategySchema,
  strategySubscriptionContracts,
  subscribedStrategySchema,
  subscriptionAnswerSchema,
  type AvailableStrategy,
  type SubscribedStrategy,
} from '../../shared/contracts/strategy-subscriptions';
import { AppProviders } from '../../web/src/app/providers';
import { StrategiesScreen } from '../../web/src/features/strategies';
import { saveSession } from '../../web/src/lib/auth-storage';
import { ANGEL_ACCOUNT, PAPER_ID, accountFixture } from './demat-fixtures';
import { GROUP_ID } from './groups-fixtures';
import { planFixture } from './group-strategy-fixtures';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { validToken } from './support/tokens';

/** Fixtures and a small in-memory API for the Strategies screen; every answer passes its contract's response schema. */
export const STRATEGIES_PATH = '/api/v4/users/groups/strategies';
/** The tests' fixed "now": 10:30 on 5 March 2026 in Asia/Kolkata. */
export const NOW = new Date('2026-03-05T05:00:00.000Z');
export const SUBSCRIPTION_ID = '01JF00000000000000000SB001';
export const MONTHLY_ID = '01JF00000000000000000PN002';

/** An ordinary user (not a broker panel) with ₹1,250.50 in the wallet. */
export const TRADER = profileFixture({ current_credit: 1_250.5 });

export const MONTHLY = planFixture({ plan_id: MONTHLY_ID, label: 'Monthly', duration_days: 30, price_credits: 999, min_capital_note: null });
/** ₹1,23,456.50: more than the trader's wallet holds. */
export const QUARTERLY = planFixture();

/** A connected Angel One account, a connected paper account and an expired one (never offered). */
export const ACCOUNTS: BrokerAccount[] = [
  { ...ANGEL_ACCOUNT, status: 'connected', note: '' },
  accountFixture(),
  accountFixture({ broker_id: '01JDZ00000000000000000PAP9', broker_combined_name: 'Paper Trading (000PAP9)', status: 'expired' }),
];

export function subscriptionFixture(overrides: Partial<SubscribedStrategy> = {}): SubscribedStrategy {
  return subscribedStrategySchema.parse({
    subscription_id: SUBSCRIPTION_ID,
    group_strategy_id: GROUP_ID,
    strategy_name: 'Nifty momentum',
    plan_id: MONTHLY_ID,
    plan_label: 'Monthly',
    status: 'Active',
    broker_id: PAPER_ID,
    broker: 'paper',
    account_name: 'Paper Trading (000PAP1)',
    multiplier: 2,
    since: '2026-03-01T04:00:00.000Z',
    until: '2026-03-31T04:00:00.000Z',
    ended_at: null,
    end_reason: null,
    auto_renew: false,
    price_credits: 999,
    source: 'subscriber',
    ...overrides,
  });
}

export function strategyFixture(overrides: Partial<AvailableStrategy> = {}): AvailableStrategy {
  return availableStrategySchema.parse({
    group_strategy_id: GROUP_ID,
    strategy_name: 'Nifty momentum',
    description: 'Intraday Nifty options.',
    visibility: 'PUBLIC',
    owner_name: 'Franchise Desk',
    plans: [MONTHLY, QUARTERLY],
    subscription: null,
    ...overrides,
  });
}

/** A subscription's account fields as the server fills them from the subscriber's account (its combined name). */
function accountOf(brokerId: string): Pick<SubscribedStrategy, 'broker_id' | 'broker' | 'account_name'> {
  const account = ACCOUNTS.find((one) => one.broker_id === brokerId);
  if (!account) throw new Error(`No account ${brokerId} in the fixtures.`);
  return { broker_id: account.broker_id, broker: account.broker, account_name: account.broker_combined_name };
}

type Answer = (request: Request) => Response | Promise<Response>;
export const ok = (data: unknown) => jsonResponse(successBody(data));
export const call = (name: string) => `POST ${STRATEGIES_PATH}/${name}`;

/**
 * Signs in the trader and serves its strategies and accounts. Subscribe and change answer as the
 * server does (the list then shows the new subscription); `overrides` replace answers by `METHOD /path`.
 */
export function serveStrategies(strategies: AvailableStrategy[], overrides: Record<string, Answer> = {}) {
  saveSession(validToken({ user_id: TRADER.user_id, frch_id: TRADER.frch_id }), TRADER);
  let items = strategies;
  const show = (subscription: SubscribedStrategy) => {
    items = items.map((strategy) => (strategy.group_strategy_id === subscription.group_strategy_id ? { ...strategy, subscription } : strategy));
  };
  return stubFetch({
    'GET /api/v4/users/getuserprofile': () => ok(TRADER),
    'GET /api/v4/users/broker/getbrokers': () => ok(ACCOUNTS),
    [call('getavailablestrategies')]: () => ok({ items }),
    [call('userstrategysubscription')]: async (request) => {
      const body = strategySubscriptionContracts.userStrategySubscription.request.parse(await request.clone().json());
      const plan = [MONTHLY, QUARTERLY].find((one) => one.plan_id === body.plan_id) as StrategyPlan;
      const subscription = subscriptionFixture({ plan_id: plan.plan_id, plan_label: plan.label, ...accountOf(body.broker_id), multiplier: body.multiplier, auto_renew: body.auto_renew, price_credits: plan.price_credits });
      show(subscription);
      return ok(subscriptionAnswerSchema.parse({ subscription, balance_paise: 25_150, replayed: false }));
    },
    [call('updatestrategysubscription')]: async (request) => {
      const body = strategySubscriptionContracts.updateStrategySubscription.request.parse(await request.clone().json());
      const current = items.find((strategy) => strategy.group_strategy_id === body.group_id)?.subscription ?? subscriptionFixture();
      const ended = body.subscribed === false ? { status: 'Expired' as const, ended_at: NOW.toISOString(), end_reason: 'unsubscribed' as const } : {};
      const changed = subscriptionFixture({
        ...current,
        ...(body.broker_id ? accountOf(body.broker_id) : {}),
        ...(body.multiplier === undefined ? {} : { multiplier: body.multiplier }),
        ...(body.auto_renew === undefined ? {} : { auto_renew: body.auto_renew }),
        ...ended,
      });
      show(changed);
      return ok(changed);
    },
    ...overrides,
  });
}

/** The Strategies screen as the route table shows it, with the real providers. */
export function renderStrategies() {
  return render(
    <AppProviders>
      <MemoryRouter>
        <StrategiesScreen />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The JSON bodies sent to one strategy call, in order. */
export async function sentBodies(requests: readonly Request[], name: string): Promise<unknown[]> {
  const sent = requests.filter((request) => new URL(request.url).pathname === `${STRATEGIES_PATH}/${name}`);
  return Promise.all(sent.map((request) => request.clone().json()));
}
