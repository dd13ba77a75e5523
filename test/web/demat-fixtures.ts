import {
  brokerContracts,
  catalogBrokerSchema,
  type BrokerAccount,
  type BrokerPlan,
  type CatalogBroker,
} from '../../shared/contracts/broker';
import { brokerTradingContracts } from '../../shared/contracts/broker-trading';
import { buildBrokerAccount } from '../support/builders/broker-account';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { validToken } from './support/tokens';

/** Fixtures and a small in-memory broker API for the demat tests; every value passes the contract's schema. */
export const PAPER_ID = '01JDZ00000000000000000PAP1';
export const ANGEL_ID = '01JDZ00000000000000000ANG1';
export const NEW_PAPER_ID = '01JDZ00000000000000000PAP2';

/** The paper account PAPER_ID (the builder's defaults). */
export function accountFixture(overrides: Partial<BrokerAccount> = {}): BrokerAccount {
  return buildBrokerAccount({ broker_id: PAPER_ID, ...overrides });
}

export const ANGEL_ACCOUNT = accountFixture({
  broker_id: ANGEL_ID,
  broker: 'angelone',
  broker_combined_name: 'Angel One SmartAPI (A123456)',
  status: 'expired',
  broker_user_id: 'A123456',
  trading_enabled: false,
  auto_renew: true,
  note: 'Swing account',
  credentials_configured: true,
  session_valid_until: null,
  subscription_expires_at: '2026-04-01T00:00:00.000Z',
  funds: null,
});

const catalogEntry = (entry: CatalogBroker) => catalogBrokerSchema.parse(entry);

export const CATALOG: CatalogBroker[] = [
  catalogEntry({ broker: 'paper', broker_combined_name: 'Paper Trading', login_flow: 'none', coming_soon: false, credential_fields: [] }),
  catalogEntry({
    broker: 'zerodha',
    broker_combined_name: 'Zerodha Kite',
    login_flow: 'redirect',
    coming_soon: false,
    credential_fields: [
      { name: 'api_key', label: 'API key', secret: true },
      { name: 'api_secret', label: 'API secret', secret: true },
    ],
  }),
  catalogEntry({
    broker: 'angelone',
    broker_combined_name: 'Angel One SmartAPI',
    login_flow: 'credentials',
    coming_soon: false,
    credential_fields: [
      { name: 'client_code', label: 'Client code', secret: false },
      { name: 'pin', label: 'PIN', secret: true },
      { name: 'totp_secret', label: 'TOTP secret', secret: true },
      { name: 'api_key', label: 'API key', secret: true },
    ],
  }),
  catalogEntry({ broker: 'upstox', broker_combined_name: 'Upstox', login_flow: 'redirect', coming_soon: true, credential_fields: [] }),
];

export const PLANS: BrokerPlan[] = [
  { plan_id: 'monthly', plan_label: 'Monthly', duration: 30, price: 500 },
  { plan_id: 'quarterly', plan_label: 'Quarterly', duration: 90, price: 1_350 },
];

export const BROKER_PATH = '/api/v4/users/broker';

type Answer = (request: Request) => Response | Promise<Response>;

/** Answers to replace the in-memory server's defaults, by route key (`POST /api/v4/users/broker/refresh`). */
export type AnswerOverrides = Record<string, Answer>;

const ok = (data: unknown, result = 'OK') => jsonResponse(successBody(data, result));

/**
 * Signs in and stubs the network with the shell's calls and a broker API over `initial` accounts that
 * answers as the server would (connect adds, remove drops). Returns the recorded requests.
 */
export function serveBrokerApi(initial: readonly BrokerAccount[], overrides: AnswerOverrides = {}) {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
  let accounts = [...initial];
  const byId = (brokerId: string) => accounts.find((account) => account.broker_id === brokerId);
  const replace = (next: BrokerAccount) => {
    accounts = accounts.map((account) => (account.broker_id === next.broker_id ? next : account));
    return next;
  };
  const defaults: AnswerOverrides = {
    'GET /api/v4/users/getuserprofile': () => ok(profileFixture()),
    'POST /api/v4/users/getusernotifications': () => ok({ items: [], total: 0, unread_count: 0 }),
    [`GET ${BROKER_PATH}/getavailablebrokers`]: () => ok(CATALOG),
    [`GET ${BROKER_PATH}/getbrokers`]: () => ok(accounts),
    [`GET ${BROKER_PATH}/getbrokerplans`]: () => ok(PLANS),
    [`POST ${BROKER_PATH}/getbrokerpositions`]: () => ok({ positions: [], totals: { realised_pnl: 0, unrealised_pnl: 0, total_pnl: 0 }, read_at: '2026-03-02T05:30:00.000Z' }),
    [`POST ${BROKER_PATH}/getbrokerorderbook`]: () => ok({ orders: [], read_at: '2026-03-02T05:30:00.000Z' }),
    [`POST ${BROKER_PATH}/getbrokerholdings`]: () =>
      ok({ holdings: [], totals: { invested: 0, current_value: 0, pnl: 0, pnl_percent: null, day_change: 0 }, read_at: '2026-03-02T05:30:00.000Z' }),
    [`POST ${BROKER_PATH}/getbrokerfunds`]: async (request) => {
      const { broker_id } = brokerTradingContracts.getBrokerFunds.request.parse(await request.clone().json());
      const funds = byId(broker_id)?.funds;
      return ok({ available: funds?.available ?? 0, used: funds?.used ?? 0, read_at: funds?.updated_at ?? '2026-03-02T04:00:00.000Z' });
    },
    [`POST ${BROKER_PATH}/getbrokerinfo`]: async (request) => {
      const { broker_id } = brokerContracts.getBrokerInfo.request.parse(await request.clone().json());
      const account = byId(broker_id);
      return account ? ok(account) : jsonResponse(errorBody('Broker account not found', 'NOT_FOUND'), 404);
    },
    [`POST ${BROKER_PATH}/connectbroker`]: async (request) => {
      const body = brokerContracts.connectBroker.request.parse(await request.clone().json());
      const account = accountFixture({ broker_id: NEW_PAPER_ID, broker: body.broker, broker_combined_name: 'Paper Trading (000PAP2)' });
      accounts = [...accounts, account];
      return ok({ account, login_url: null }, 'Broker connected successfully.');
    },
    [`POST ${BROKER_PATH}/refresh`]: async (request) => {
      const { broker_id } = brokerContracts.refresh.request.parse(await request.clone().json());
      return ok(byId(broker_id));
    },
    [`GET ${BROKER_PATH}/refreshall`]: () => ok({ accounts, refreshed: accounts.length, failed: 0 }),
    [`POST ${BROKER_PATH}/updatebrokertradingflag`]: async (request) => {
      const { broker_id, trading_enabled } = brokerContracts.updateBrokerTradingFlag.request.parse(await request.clone().json());
      const account = byId(broker_id);
      return ok(account && replace({ ...account, trading_enabled }));
    },
    [`POST ${BROKER_PATH}/getdeleterefundnote`]: () =>
      ok({ refund_credits: 250, remaining_days: 15, note: '15 of the 30 paid days are left (500 credits paid). Removing this account refunds 250 credits to your wallet.' }),
    [`POST ${BROKER_PATH}/removebroker`]: async (request) => {
      const { broker_id } = brokerContracts.removeBroker.request.parse(await request.clone().json());
      const account = byId(broker_id);
      accounts = accounts.filter((existing) => existing.broker_id !== broker_id);
      return ok({ account: account && { ...account, status: 'deleted' }, refunded_credits: 250 });
    },
  };
  return stubFetch({ ...defaults, ...overrides });
}

/** The JSON bodies sent to one broker call, in order. */
export async function sentBodies(requests: readonly Request[], call: string): Promise<unknown[]> {
  const sent = requests.filter((request) => new URL(request.url).pathname === `${BROKER_PATH}/${call}`);
  return Promise.all(sent.map((request) => request.clone().json()));
}
