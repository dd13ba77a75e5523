import { connectAccount } from '../../functions/broker-accounts/accounts/connect-account';
import { testLoginContext } from '../support/login-context';
import { createTestUser, type TestUser } from '../support/users';

/**
 * JSON bridges for the signal-path benchmarks, made through the routes a user calls: one order group,
 * `count` bridges connected to it, all trading on one target (an account or a copy-trading group).
 * Each bridge takes at most 100 signals a minute (its rate rule), so a bench spreads its signals over
 * enough of them (`bridgesFor`).
 */
export interface BenchBridges {
  readonly user: TestUser;
  readonly ogId: string;
  /** Each bridge's `/api/v4/users/jsonbridge/webhook/<id>/<key>`. */
  readonly webhookPaths: readonly string[];
}

export type BridgeTarget = { readonly target_kind: 'account' | 'group'; readonly target_id: string };

/** Signals a bench sends one bridge per minute: under the bridge's limit of 100, with room to spare. */
export const SIGNALS_PER_BRIDGE_PER_MINUTE = 60;

/** Bridges enough for `signals` signals within a minute. */
export function bridgesFor(signals: number): number {
  return Math.max(1, Math.ceil(signals / SIGNALS_PER_BRIDGE_PER_MINUTE));
}

/** A JSON bridge route as the user calls it; throws on any refusal (a set-up step). */
export async function callRoute<T>(baseUrl: string, user: TestUser, path: string, body: unknown): Promise<T> {
  const answer = await fetch(`${baseUrl}/api/v4${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await answer.json()) as { status: boolean; data: T; error?: { message: string } };
  if (!envelope.status) throw new Error(`${path}: ${envelope.error?.message ?? answer.status}`);
  return envelope.data;
}

/** A paper account of `user` with trading on (new orders need the flag). */
export async function tradingPaperAccount(baseUrl: string, user: TestUser): Promise<string> {
  const owner = { frchId: user.user.frch_id, userId: user.user.user_id };
  const { account } = await connectAccount(owner, { broker: 'paper' }, testLoginContext());
  await callRoute(baseUrl, user, '/users/broker/updatebrokertradingflag', { broker_id: account.broker_id, trading_enabled: true });
  return account.broker_id;
}

/** `count` bridges of `user` connected to one new order group, trading on `target`. */
export async function connectedBridges(baseUrl: string, user: TestUser, target: BridgeTarget, count: number): Promise<BenchBridges> {
  const group = await callRoute<{ og_id: string }>(baseUrl, user, '/ordermanager/addordergroup', { og_name: 'Signal bench' });
  const webhookPaths: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const bridge = await callRoute<{ json_bridge_id: string; webhook_path: string }>(baseUrl, user, '/users/jsonbridge/addjsonbridge', { json_bridge_name: `Bench ${i}` });
    await callRoute(baseUrl, user, '/users/jsonbridge/connectjsonbridge', { json_bridge_id: bridge.json_bridge_id, og_id: group.og_id, ...target });
    webhookPaths.push(bridge.webhook_path);
  }
  return { user, ogId: group.og_id, webhookPaths };
}

/** A new user with a trading paper account and `count` bridges trading on it. */
export async function paperBridges(baseUrl: string, count: number): Promise<BenchBridges & { readonly brokerId: string }> {
  const user = await createTestUser();
  const brokerId = await tradingPaperAccount(baseUrl, user);
  return { ...(await connectedBridges(baseUrl, user, { target_kind: 'account', target_id: brokerId }, count)), brokerId };
}

/**
 * A new user with `count` trading paper accounts, one bridge on each. The paper exchange keeps an
 * account's day (orders, fills, positions) in one item that every placement rewrites, so one account
 * taking hundreds of orders would time the paper store's growth, not the signal path: a bench that
 * places many orders spreads them, a busy trader's day per account.
 */
export async function paperBridgesOnOwnAccounts(baseUrl: string, count: number): Promise<{ readonly user: TestUser; readonly webhookPaths: readonly string[] }> {
  const user = await createTestUser();
  const webhookPaths: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const brokerId = await tradingPaperAccount(baseUrl, user);
    webhookPaths.push(...(await connectedBridges(baseUrl, user, { target_kind: 'account', target_id: brokerId }, 1)).webhookPaths);
  }
  return { user, webhookPaths };
}

/** A TradingView-style JSON bridge order, its own `signal_id` each time (one new signal per request). */
export function benchSignalBody(signalId: string, order: Readonly<Record<string, string | number>> = {}): string {
  return JSON.stringify({ signal_id: signalId, type: 'MARKET', script_type: 'EQ', script: 'SBIN', product: 'INTRADAY', quantity: 1, transaction_type: 'BUY', ...order });
}
