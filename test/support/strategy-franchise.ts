import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import * as z from 'zod';
import { ENV } from '../../shared/config/env-names';
import { brokerAccountSchema } from '../../shared/contracts/broker';
import { groupSchema } from '../../shared/contracts/groups';
import { strategyPlanSchema } from '../../shared/contracts/strategy-plans';
import { strategySubscriptionContracts } from '../../shared/contracts/strategy-subscriptions';
import type { RoleFlags } from '../../shared/domain/roles';
import { issueToken } from '../../functions/platform/auth/tokens';
import { resetConfigForTests } from '../../functions/platform/config';
import { getWalletBalance } from '../../functions/wallet/wallet-reads';
import { moveWallet } from '../../functions/wallet/move-wallet';
import { dataOf } from './api-answers';
import type { ApiAnswer, CallOptions } from './gateway';
import { createTestUser, type TestUser } from './users';

type Api = { call(method: string, path: string, options?: CallOptions): Promise<ApiAnswer> };

export const STRATEGIES = '/users/groups/strategies/';
export const subscriptionAnswer = strategySubscriptionContracts.userStrategySubscription.response;

/** A strategy of the franchise: its group id, master account and one plan. */
export interface TestStrategy {
  readonly grpId: string;
  readonly masterId: string;
  readonly planId: string;
}

export interface StrategyFranchise {
  readonly frchId: number;
  readonly host: string;
  newUser(roles?: Partial<RoleFlags>): Promise<TestUser>;
  post(who: TestUser, path: string, body: unknown): Promise<ApiAnswer>;
  /** A connected paper account of the user with trading on. */
  paperAccount(who: TestUser): Promise<string>;
  /** A broker panel's trading group with a paper master, offered as a strategy, with one plan. */
  strategy(panel: TestUser, options?: { visibility?: 'PRIVATE' | 'PUBLIC'; priceCredits?: number; durationDays?: number }): Promise<TestStrategy>;
  fund(who: TestUser, paise: number): Promise<void>;
  balanceOf(who: TestUser): Promise<number>;
  subscribe(who: TestUser, body: Record<string, unknown>): Promise<ApiAnswer>;
}

/** A fresh idempotency key. */
export const subscribeKey = () => `sub-${randomUUID().slice(0, 20)}`;

/**
 * A franchise of its own for one strategy-subscription test file (a host mapped to it), so nothing
 * touches the settings of franchises 1 and 2 or sees another file's strategies.
 */
export function useStrategyFranchise(api: Api, prefix: string): () => StrategyFranchise {
  let franchise: StrategyFranchise | undefined;
  beforeAll(() => {
    const frchId = 300_000 + randomInt(0, 190_000);
    const host = `${prefix}-${frchId}.localhost`;
    const hosts = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
    process.env[ENV.franchiseHosts] = JSON.stringify({ ...hosts, [host]: frchId });
    resetConfigForTests();
    // A token issued at each call, by the clock of the moment: tests move the clock by weeks.
    const post = async (who: TestUser, path: string, body: unknown) => api.call('POST', path, { host, token: (await issueToken(who.user.user_id, frchId)).token, body });
    const paperAccount = async (who: TestUser) => {
      const { account } = dataOf(await post(who, '/users/broker/connectbroker', { broker: 'paper' }), z.object({ account: brokerAccountSchema }));
      dataOf(await post(who, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true }), brokerAccountSchema);
      return account.broker_id;
    };
    franchise = {
      frchId,
      host,
      newUser: (roles = {}) => createTestUser({ frchId, roles }),
      post,
      paperAccount,
      async strategy(panel, options = {}) {
        const group = dataOf(await post(panel, '/users/groups/addgroup', { grp_name: `Strategy ${randomInt(0, 1e6)}`, trading_enabled: true }), groupSchema);
        const masterId = await paperAccount(panel);
        dataOf(await post(panel, '/users/groups/connectmaster', { group_id: group.grp_id, broker_id: masterId }), groupSchema);
        const settings = { group_id: group.grp_id, is_strategy: true, visibility: options.visibility ?? 'PUBLIC', strategy_description: 'Nifty intraday' };
        dataOf(await post(panel, '/users/groups/updatestrategy', settings), groupSchema);
        const plan = { group_id: group.grp_id, label: 'Monthly', duration_days: options.durationDays ?? 30, price_credits: options.priceCredits ?? 999 };
        const added = dataOf(await post(panel, `${STRATEGIES}addstrategyplan`, plan), strategyPlanSchema);
        return { grpId: group.grp_id, masterId, planId: added.plan_id };
      },
      async fund(who, paise) {
        const owner = { frchId, userId: who.user.user_id };
        await moveWallet({ owner, direction: 'credit', amountPaise: paise, reason: 'bank_transfer', description: 'Strategy test funds', idempotencyKey: `strategy-test-funds#${randomUUID()}` });
      },
      balanceOf: async (who) => (await getWalletBalance({ frchId, userId: who.user.user_id })).balancePaise,
      subscribe: (who, body) => post(who, `${STRATEGIES}userstrategysubscription`, { idempotency_key: subscribeKey(), multiplier: 1, ...body }),
    };
  });
  return () => {
    if (!franchise) throw new Error('The strategy franchise is made in beforeAll');
    return franchise;
  };
}
