import type { BrokerAccount } from '../../shared/contracts/broker';
import { staticIpContracts, staticIpSchema, type StaticIp } from '../../shared/contracts/ips';
import type { UserProfile } from '../../shared/contracts/user-profile';
import { saveSession } from '../../web/src/lib/auth-storage';
import { buildBrokerAccount } from '../support/builders/broker-account';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { validToken } from './support/tokens';

/** Fixtures and a stubbed static-IP API for the /staticip tests; every answer passes the contract's schema. */
export const IPS_PATH = '/api/v4/users/ips';
/** The tests' fixed "now" (a Thursday, 10:30 in Asia/Kolkata); the 7-day rule is judged against it. */
export const NOW = new Date('2026-03-05T05:00:00.000Z');

export const ZERODHA_ID = '01JDZ00000000000000000ZER1';
export const ANGEL_ID = '01JDZ00000000000000000ANG1';
export const PAPER_ID = '01JDZ00000000000000000PAP1';
export const UPSTOX_ID = '01JDZ00000000000000000TPX1';
export const IP_A = '01JDZ0000000000000000AAAA1';

/** A user who may open /staticip and buy; options add the parent and broker-panel flags. */
export function ipUser(overrides: Partial<UserProfile> = {}): UserProfile {
  return profileFixture({ is_ip_enable: true, is_white_label: false, can_add_subuser: false, is_brokerpanel: false, ...overrides });
}

/** An IP held and bought by the caller (user 7), valid by the contract's own schema. */
export function ipFixture(overrides: Partial<StaticIp> = {}): StaticIp {
  return staticIpSchema.parse({
    ip_id: IP_A,
    address: '127.0.0.2',
    version: 'IPv4',
    role: 'primary',
    label: 'Main',
    auto_renew: true,
    expires_at: '2026-04-01T00:00:00.000Z',
    purchased_at: '2026-03-01T00:00:00.000Z',
    owner_user_id: 7,
    holder_user_id: 7,
    allocated_to: null,
    accounts: [],
    next_allocation_change_at: null,
    ...overrides,
  });
}

/** One of the caller's broker accounts (getbrokers), optionally on an IP. */
export function brokerAccount(brokerId: string, broker: BrokerAccount['broker'], name: string, staticIp: BrokerAccount['static_ip'] = null): BrokerAccount {
  return buildBrokerAccount({ broker_id: brokerId, broker, broker_combined_name: name, static_ip: staticIp });
}

export interface StaticIpApiState {
  profile?: UserProfile;
  /** The caller's broker accounts (GET getbrokers). */
  accounts?: BrokerAccount[];
  mine?: { items: StaticIp[]; accounts_without_ip: { broker_id: string; broker: 'zerodha' | 'angelone' | 'upstox' | 'paper'; broker_combined_name: string }[] };
}

type Answer = (request: Request) => Response | Promise<Response>;

const ok = (data: unknown) => jsonResponse(successBody(data));

export const OFFER = staticIpContracts.getAvailableIps.response.parse({
  purchase_allowed: true,
  refusal: null,
  monthly_price_paise: 149_900,
  periods_months: [1, 3, 6, 12],
  free: [
    { version: 'IPv4', count: 3 },
    { version: 'IPv6', count: 0 },
  ],
});

/** Signs in and stubs the shell's calls and the static-IP reads; `overrides` replace or add answers by `METHOD /path`. */
export function serveStaticIpApi(state: StaticIpApiState = {}, overrides: Record<string, Answer> = {}) {
  const profile = state.profile ?? ipUser();
  saveSession(validToken({ user_id: profile.user_id, frch_id: profile.frch_id }), profile);
  const mine = state.mine ?? { items: [], accounts_without_ip: [] };
  return stubFetch({
    'GET /api/v4/users/getuserprofile': () => ok(profile),
    'POST /api/v4/users/getusernotifications': () => ok({ items: [], total: 0, unread_count: 0 }),
    'GET /api/v4/users/broker/getbrokers': () => ok(state.accounts ?? []),
    [`GET ${IPS_PATH}/getstaticips`]: () => ok({ ...mine, purchase_allowed: true }),
    [`GET ${IPS_PATH}/getavailableips`]: () => ok(OFFER),
    ...overrides,
  });
}

/** The JSON bodies sent to one static-IP call, in order. */
export async function sentIpBodies(requests: readonly Request[], call: string): Promise<unknown[]> {
  const sent = requests.filter((request) => new URL(request.url).pathname === `${IPS_PATH}/${call}`);
  return Promise.all(sent.map((request) => request.clone().json()));
}
