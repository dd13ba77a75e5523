import { ulid } from 'ulid';
import { connectAccount } from '../../functions/broker-accounts/accounts/connect-account';
import { BROKER_ENDPOINT_ENV } from '../../functions/broker-accounts/sessions/broker-endpoints';
import { storeSession } from '../../functions/broker-accounts/sessions/store-session';
import { updateBrokerAccount } from '../../functions/data/broker-accounts-repository';
import type { GroupItem } from '../../functions/data/groups/group';
import { updateGroupSettings } from '../../functions/data/groups/group';
import { addGroupChild } from '../../functions/data/groups/group-child';
import { subscriberJoinItems } from '../../functions/data/strategies/strategy-fan-out-items';
import { transactIfConditionsHold } from '../../functions/data/table';
import { MAX_STRATEGY_SUBSCRIBERS } from '../../shared/contracts/strategy-subscriptions';
import { addGroup } from '../../functions/groups/use-cases/group-settings';
import { createLogger } from '../../functions/platform/logger';
import { startKiteFake, type KiteFake } from '../fakes/kite-fake';
import { testLoginContext } from '../support/login-context';
import { createTestUser } from '../support/users';

/**
 * Copy-trading groups of Zerodha children on one Kite fake, for the fan-out benches. The product caps a
 * group at MAX_GROUP_CHILDREN (50) children; the children are written through the repository with the
 * group's own size as the cap, to measure fan-outs beyond that size. Every account shares the fake's
 * one session (the fake holds one access token, as one Kite app user would).
 */
const KITE_APP = { api_key: 'kitefanoutkey1234', api_secret: 'kiteFanOutSecret0123456789abcdef' };
const ACCESS_TOKEN = 'kitefanoutaccesstoken';
const SESSION_MS = 6 * 3_600_000;

/** A Kite fake listing SBIN, with the Zerodha adapters pointed at it through the local runtime's variables. */
export async function startFanOutKite(): Promise<KiteFake> {
  const kite = await startKiteFake({
    apiKey: KITE_APP.api_key,
    apiSecret: KITE_APP.api_secret,
    accessToken: ACCESS_TOKEN,
    instruments: [{ exchange: 'NSE', tradingsymbol: 'SBIN', instrumentToken: 779521, lastPrice: 812.35 }],
    availableCash: 100_000_000,
  });
  process.env[BROKER_ENDPOINT_ENV.kiteApi] = kite.url;
  process.env[BROKER_ENDPOINT_ENV.kiteLogin] = 'https://kite.example.test/connect/login';
  return kite;
}

type Owner = { readonly frchId: number; readonly userId: number };

/** What a child account is changed with after it connects (e.g. its static-IP binding). */
export type ChildAccountSetting = (index: number) => Readonly<Record<string, unknown>>;

/** A connected Zerodha account of `owner` on the fake's session, trading on. */
async function tradingZerodhaAccount(owner: Owner, index: number, setting?: ChildAccountSetting): Promise<string> {
  const log = createLogger();
  const { account } = await connectAccount(owner, { broker: 'zerodha', credentials: KITE_APP }, testLoginContext(log));
  const connected = await storeSession(owner, account, { tokens: { access_token: ACCESS_TOKEN }, validUntil: Date.now() + SESSION_MS, brokerUserId: `AB${index}` }, log);
  await updateBrokerAccount(owner, connected.broker_id, { set: { trading_enabled: true, ...setting?.(index) } }, { statuses: ['connected'], version: connected.v });
  return connected.broker_id;
}

/**
 * A group strategy whose `subscribers` children are each another user's Zerodha account (issue 21): the
 * fan-out reads each subscriber's account from its own partition and writes each order there. The
 * children join as a subscription's transaction puts them in (its fan-out items); the wallet and the
 * follower rows are not the fan-out's concern.
 */
export async function zerodhaStrategy(owner: Owner, name: string, subscribers: number): Promise<GroupItem> {
  const group = await addGroup(owner, { grp_name: name, trading_enabled: true, place_rejected: false });
  await updateGroupSettings(owner, group.grp_id, { is_strategy: true, visibility: 'PUBLIC' });
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
  for (let index = 0; index < subscribers; index += 1) {
    const subscriber = (await createTestUser({ frchId: owner.frchId })).user.user_id;
    const accountId = await tradingZerodhaAccount({ frchId: owner.frchId, userId: subscriber }, index);
    const child = { grpBrokerId: ulid(), grpId: group.grp_id, brokerId: accountId, broker: 'zerodha' as const, multiplier: 1, subscriberId: subscriber, subscriptionId: ulid(), activeUntil: until };
    if (!(await transactIfConditionsHold(subscriberJoinItems(owner, child, MAX_STRATEGY_SUBSCRIBERS, new Date())))) throw new Error('subscriber not added');
  }
  return group;
}

/** A trading copy-trading group of `children` trading Zerodha children, multiplier 1. */
export async function zerodhaGroup(owner: Owner, name: string, children: number, setting?: ChildAccountSetting): Promise<GroupItem> {
  const group = await addGroup(owner, { grp_name: name, trading_enabled: true, place_rejected: false });
  for (let index = 0; index < children; index += 1) {
    const child = { grp_broker_id: ulid(), grp_id: group.grp_id, broker_id: await tradingZerodhaAccount(owner, index, setting), broker: 'zerodha' as const, multiplier: 1, trading_enabled: true };
    if (!(await addGroupChild(owner, child, children))) throw new Error('child not added');
  }
  return group;
}
