import { strategyPermissionUserSchema, type StrategyPermissionUser } from '../../shared/contracts/strategy-permissions';
import { strategyPlanSchema, type StrategyPlan } from '../../shared/contracts/strategy-plans';
import {
  STRATEGY_RECORDS_NOTICE,
  strategyRecordSchema,
  strategyRecordsAnswerSchema,
  type ComputedDay,
  type StrategyRecord,
} from '../../shared/contracts/strategy-records';
import { groupsContracts, groupSchema, type Group } from '../../shared/contracts/groups';
import { strategySubscriberSchema, strategySubscriptionContracts, type StrategySubscriber } from '../../shared/contracts/strategy-subscriptions';
import { saveSession } from '../../web/src/lib/auth-storage';
import type { AnswerOverrides } from './demat-fixtures';
import { GROUP_ID, groupFixture, NEW_GROUP_ID, serveGroupsApi, type GroupsState } from './groups-fixtures';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { validToken } from './support/tokens';

/** Fixtures and a stubbed API for /group/strategy/manage/{group_strategy_id}; every answer passes its contract's schema. */
export const STRATEGIES_PATH = '/api/v4/users/groups/strategies';
export const MANAGE_PATH = `/group/strategy/manage/${GROUP_ID}`;
/** The tests' fixed "now": 10:30 on 5 March 2026 in Asia/Kolkata. */
export const NOW = new Date('2026-03-05T05:00:00.000Z');
export const PLAN_ID = '01JF00000000000000000PN001';
export const RECORD_ID = '01JF00000000000000000REC01';

export const BROKER_PANEL = profileFixture({ is_brokerpanel: true, is_white_label: false, can_add_subuser: false, is_ip_enable: false });

export const STRATEGY = groupFixture({ grp_name: 'Nifty momentum', is_strategy: true, visibility: 'PRIVATE', strategy_description: 'Intraday Nifty options.' });

export function planFixture(overrides: Partial<StrategyPlan> = {}): StrategyPlan {
  return strategyPlanSchema.parse({
    plan_id: PLAN_ID,
    group_id: GROUP_ID,
    label: 'Quarterly',
    duration_days: 90,
    price_credits: 123_456.5,
    min_capital_note: 'Needs ₹2 lakh of margin',
    withdrawn: false,
    withdrawn_at: null,
    created_at: '2026-03-01T04:00:00.000Z',
    ...overrides,
  });
}

export function recordFixture(overrides: Partial<StrategyRecord> = {}): StrategyRecord {
  return strategyRecordSchema.parse({
    record_id: RECORD_ID,
    group_id: GROUP_ID,
    date: '2026-03-04',
    title: 'Expiry day',
    notes: 'Rolled over',
    pnl: -1_250.5,
    version: 3,
    created_at: '2026-03-04T10:00:00.000Z',
    updated_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  });
}

export const COMPUTED_DAY: ComputedDay = { date: '2026-03-03', trades: 14, realized_pnl: 245_000, closed_round_trips: 4, winning_round_trips: 3, win_rate: 75 };

export function recordsAnswer(records: StrategyRecord[], days: ComputedDay[] = [COMPUTED_DAY]) {
  return strategyRecordsAnswerSchema.parse({
    group_id: GROUP_ID,
    from_date: '2026-02-03',
    to_date: '2026-03-05',
    notice: STRATEGY_RECORDS_NOTICE,
    records,
    computed: { label: 'computed', master_broker_id: '01JDZ00000000000000000PAP1', days },
  });
}

export function permissionUser(overrides: Partial<StrategyPermissionUser> = {}): StrategyPermissionUser {
  return strategyPermissionUserSchema.parse({ user_id: 41, email: 'asha@example.com', name: 'Asha Rao', permitted: false, ...overrides });
}

export interface StrategyApiState {
  group?: Group;
  plans?: StrategyPlan[];
  records?: StrategyRecord[];
  users?: StrategyPermissionUser[];
}

type Answer = (request: Request) => Response | Promise<Response>;
export const ok = (data: unknown) => jsonResponse(successBody(data));

/** Signs in a broker panel and stubs the shell and the strategy reads; `overrides` replace or add answers by `METHOD /path`. */
export function serveStrategyApi(state: StrategyApiState = {}, overrides: Record<string, Answer> = {}) {
  saveSession(validToken({ user_id: BROKER_PANEL.user_id, frch_id: BROKER_PANEL.frch_id }), BROKER_PANEL);
  const users = state.users ?? [];
  return stubFetch({
    'GET /api/v4/users/getuserprofile': () => ok(BROKER_PANEL),
    'POST /api/v4/users/getusernotifications': () => ok({ items: [], total: 0, unread_count: 0 }),
    'POST /api/v4/users/groups/getgroupbyid': () => ok(state.group ?? STRATEGY),
    [`POST ${STRATEGIES_PATH}/getstrategyplans`]: () => ok(state.plans ?? []),
    [`POST ${STRATEGIES_PATH}/getstrategyrecords`]: () => ok(recordsAnswer(state.records ?? [])),
    [`POST ${STRATEGIES_PATH}/getsubuseremails`]: () => ok({ items: users, total: users.length }),
    ...overrides,
  });
}

/** The JSON bodies sent to one strategy call, in order. */
export async function sentStrategyBodies(requests: readonly Request[], call: string): Promise<unknown[]> {
  const sent = requests.filter((request) => new URL(request.url).pathname === `${STRATEGIES_PATH}/${call}`);
  return Promise.all(sent.map((request) => request.clone().json()));
}

export const SUBSCRIPTION_ID = '01JF000000000000000000SB01';
export const SUBSCRIBER_ACCOUNT_ID = '01JDZ00000000000000000PAP9';
/** The subscriber's account as its user knows it (broker and client id). */
export const SUBSCRIBER_ACCOUNT_NAME = 'Paper Trading (000PAP9)';

/** A row of the USERS tab: by default one of the owner's sub-users, added free, following at 2×. */
export function subscriberFixture(overrides: Partial<StrategySubscriber> = {}): StrategySubscriber {
  return strategySubscriberSchema.parse({
    subscription_id: SUBSCRIPTION_ID,
    group_strategy_id: GROUP_ID,
    strategy_name: 'Nifty momentum',
    plan_id: PLAN_ID,
    plan_label: 'Quarterly',
    status: 'Active',
    broker_id: SUBSCRIBER_ACCOUNT_ID,
    broker: 'paper',
    account_name: SUBSCRIBER_ACCOUNT_NAME,
    multiplier: 2,
    since: '2026-03-01T04:00:00.000Z',
    until: '2026-05-30T04:00:00.000Z',
    ended_at: null,
    end_reason: null,
    auto_renew: false,
    price_credits: 0,
    source: 'owner',
    user_id: 41,
    name: 'Asha Rao',
    email: 'asha@example.com',
    is_sub_user: true,
    ...overrides,
  });
}

/** The getstrategyusers answer for `items` with the strategy's counters. */
export function usersAnswer(items: StrategySubscriber[], counters: { taken: number; following: number }) {
  return strategySubscriptionContracts.getStrategyUsers.response.parse({
    items,
    strategy_subscriptions_count: counters.taken,
    sub_user_count: counters.following,
  });
}

/**
 * The group screens' in-memory API (serveGroupsApi) signed in as a broker panel, with its own list of
 * groups for getgroups, getgroupbyid, addgroup and updatestrategy (the strategy settings live there).
 */
export function servePanelGroupsApi(state: GroupsState = {}, overrides: AnswerOverrides = {}) {
  let groups = [...(state.groups ?? [STRATEGY])];
  const bodyOf = async (request: Request) => (await request.clone().json()) as unknown;
  const panel: AnswerOverrides = {
    'GET /api/v4/users/getuserprofile': () => ok(BROKER_PANEL),
    'GET /api/v4/users/groups/getgroups': () => ok(groups),
    'POST /api/v4/users/groups/getgroupbyid': async (request) => {
      const { group_id } = groupsContracts.getGroupById.request.parse(await bodyOf(request));
      return ok(groups.find((group) => group.grp_id === group_id));
    },
    'POST /api/v4/users/groups/addgroup': async (request) => {
      const { grp_name } = groupsContracts.addGroup.request.parse(await bodyOf(request));
      const group = groupFixture({ grp_id: NEW_GROUP_ID, grp_name, trading_enabled: false, group_broker_count: 0, total_orders: 0, total_quantity: 0, completed_quantity: 0, rejected_quantity: 0, pending_quantity: 0 });
      groups = [...groups, group];
      return ok(group);
    },
    'POST /api/v4/users/groups/updatestrategy': async (request) => {
      const { group_id, ...settings } = groupsContracts.updateStrategy.request.parse(await bodyOf(request));
      const changed = groupSchema.parse({ ...groups.find((group) => group.grp_id === group_id), ...settings });
      groups = groups.map((group) => (group.grp_id === group_id ? changed : group));
      return ok(changed);
    },
  };
  return serveGroupsApi({ ...state, groups }, { ...panel, ...overrides });
}
