import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placedOrderSchema, watchlistOrderContracts, watchlistPlaceOrderRequestSchema } from '../../shared/contracts/orders';
import { MAX_WATCHLIST_ENTRIES } from '../../shared/contracts/watchlist';
import { connectAccount } from '../../functions/broker-accounts/accounts/connect-account';
import { setTradingFlag } from '../../functions/broker-accounts/accounts/account-settings';
import { addWatchlistEntry } from '../../functions/data/watchlist-repository';
import { findScript } from '../../functions/market/ltp';
import { configureOrderPath } from '../../functions/orders/order-path-settings';
import type { Principal } from '../../functions/platform/http/principal';
import type { RequestScope } from '../../functions/platform/http/route';
import { createLogger } from '../../functions/platform/logger';
import { watchlistPlaceOrderRoute } from '../../functions/watchlist/place-order';
import { createTestUser, type TestUser } from '../support/users';
import { testLoginContext } from '../support/login-context';

/**
 * `POST /users/watchlist/placeorder` is built but not yet routed: the watch-list group's own test still
 * pins that path to the 404 envelope (see the report). Until it is registered, the route is exercised
 * here directly, with the input its contract parses and the identity the pipeline would give it.
 */
let restoreSettings: () => void = () => undefined;
beforeAll(() => {
  restoreSettings = configureOrderPath({ paperAlwaysOpen: true });
});
afterAll(() => restoreSettings());

const log = createLogger();
const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });

function principalOf(who: TestUser): Principal {
  return { ...ownerOf(who), roles: { is_brokerpanel: false, is_white_label: false, can_add_subuser: false, is_ip_enable: false }, tokenIssuedAt: 0, tokenId: 'test' };
}

const scope: RequestScope = {
  requestId: 'orders-watchlist-test',
  franchiseId: 1,
  sourceIp: '127.0.0.1',
  userAgent: 'vitest',
  log,
  raw: { method: 'POST', path: watchlistOrderContracts.placeOrder.path, headers: {}, query: {}, host: '', sourceIp: '127.0.0.1', userAgent: 'vitest', bodyText: '', bodyBytes: Buffer.alloc(0) },
};

async function placeFromWatchlist(who: TestUser, body: Record<string, unknown>) {
  const outcome = await watchlistPlaceOrderRoute.handle({ body: watchlistPlaceOrderRequestSchema.parse(body), params: {}, principal: principalOf(who), scope });
  return placedOrderSchema.parse(outcome.data).order;
}

async function tradingPaperAccount(who: TestUser): Promise<string> {
  const { account } = await connectAccount(ownerOf(who), { broker: 'paper' }, testLoginContext(log));
  await setTradingFlag(ownerOf(who), account.broker_id, true);
  return account.broker_id;
}

const ticket = (brokerId: string, key: string) => ({ broker_id: brokerId, transaction_type: 'BUY', order_type: 'MARKET', product: 'DELIVERY', quantity: 2, idempotency_key: key });

describe('watch list placeorder (route exercised directly)', () => {
  it("places a manual order for a watch-list entry's script, through the order path", async () => {
    const alice = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const added = await addWatchlistEntry(ownerOf(alice), await findScript('NSE:INFY'), MAX_WATCHLIST_ENTRIES);
    if (added.kind !== 'added') throw new Error(added.kind);
    const order = await placeFromWatchlist(alice, { ...ticket(brokerId, 'watchlist-key-1'), watchlist_id: added.entry.watchlistId });
    expect(order).toMatchObject({ script_id: 'NSE:INFY', origin: 'manual', status: 'completed', submission: 'SUBMITTED', quantity: 2 });
  });

  it('takes a script by id, and answers 404 for an entry that is not on the caller\'s list', async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const brokerId = await tradingPaperAccount(alice);
    const order = await placeFromWatchlist(alice, { ...ticket(brokerId, 'watchlist-key-2'), script_id: 'NSE:SBIN' });
    expect(order.script_id).toBe('NSE:SBIN');
    const bobs = await addWatchlistEntry(ownerOf(bob), await findScript('NSE:INFY'), MAX_WATCHLIST_ENTRIES);
    if (bobs.kind !== 'added') throw new Error(bobs.kind);
    await expect(placeFromWatchlist(alice, { ...ticket(brokerId, 'watchlist-key-3'), watchlist_id: bobs.entry.watchlistId })).rejects.toMatchObject({ status: 404 });
    await expect(placeFromWatchlist(bob, { ...ticket(brokerId, 'watchlist-key-4'), script_id: 'NSE:SBIN' })).rejects.toMatchObject({ status: 404 });
  });
});
