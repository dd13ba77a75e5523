import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentContracts } from '../../shared/contracts/payments';
import type { RealtimeMessage, WalletMessage } from '../../shared/contracts/realtime';
import { listWholeLedger } from '../../functions/data/wallet/ledger-repository';
import { setRealtimePublisher } from '../../functions/notifications/realtime-publisher';
import { moveWallet, NOT_ENOUGH_CREDIT_MESSAGE } from '../../functions/wallet/move-wallet';
import { getWalletBalance } from '../../functions/wallet/wallet-reads';
import { webhookAuthorizationOf } from '../fakes/phonepe-fake';
import { dataOf } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { usePhonePeFranchise } from '../support/phonepe-franchise';
import { openRealtimeClient, type RealtimeClient } from '../support/realtime-client';
import { createTestUser, type TestUser } from '../support/users';

/**
 * The top bar's credit badge follows the wallet (issue 17): every committed movement — a bank transfer
 * approved by the broker panel, a PhonePe payment credited by the webhook, a debit — pushes the balance
 * after it on the owner's open realtime sockets, before the call that moved it answers; a replay or a
 * refused debit pushes nothing; nobody hears of another user's wallet.
 */
const api = useGateway({ realtime: true });
const franchise = usePhonePeFranchise(api, { configure: true });

const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const isWallet = (message: RealtimeMessage): message is WalletMessage => message.type === 'wallet';
const walletNews = (client: RealtimeClient) => client.received.filter(isWallet);
const listen = (who: TestUser, host?: string) => openRealtimeClient(api.url(), who.token, host);
const freshUtr = () => `N${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;

const BANK = { account_name: 'TradeBridge Pvt Ltd', account_number: '001234567890', ifsc: 'HDFC0001234', bank_name: 'HDFC Bank', branch: 'Fort, Mumbai', upi_id: 'tradebridge@hdfcbank' };

function movement(who: TestUser, direction: 'credit' | 'debit', amountPaise: number, key = randomUUID()) {
  return moveWallet({
    owner: ownerOf(who),
    direction,
    amountPaise,
    reason: direction === 'credit' ? 'bank_transfer' : 'broker_subscription',
    description: direction === 'credit' ? 'Test top-up' : 'Test plan',
    idempotencyKey: `${direction === 'credit' ? 'bank-transfer' : 'broker-subscription'}#${key}`,
  });
}

describe('the wallet on the realtime channel', () => {
  it("pushes the balance when the broker panel approves a bank transfer, to the owner's sockets only", async () => {
    const panel = await createTestUser({ roles: { is_brokerpanel: true } });
    expect((await api.call('POST', '/users/brokerpanelconfigs/updatebankdetails', { token: panel.token, body: BANK })).status).toBe(200);
    const alice = await createTestUser();
    const bob = await createTestUser();
    await movement(bob, 'credit', 5_000);
    const [aliceSocket, aliceSecondTab, bobSocket] = await Promise.all([listen(alice), listen(alice), listen(bob)]);
    const claim = await api.call('POST', '/payment/submitbanktransfer', { token: alice.token, body: { amount_paise: 123_456, utr: freshUtr() } });
    expect(claim.status, claim.text).toBe(200);
    const transferId = (claim.body as { data: { transfer_id: string } }).data.transfer_id;

    const approved = await api.call('POST', '/payment/approvebanktransfer', { token: panel.token, body: { transfer_id: transferId } });
    expect(approved.status, approved.text).toBe(200);

    const news = { type: 'wallet', credit_paise: 123_456, current_credit: 1234.56, seq: 1, at: expect.any(String) };
    expect(await aliceSocket.next(isWallet)).toEqual(news);
    expect(await aliceSecondTab.next(isWallet)).toEqual(news);
    // Approving again moves nothing and tells nobody anything new.
    expect((await api.call('POST', '/payment/approvebanktransfer', { token: panel.token, body: { transfer_id: transferId } })).status).toBe(200);
    await Promise.all([aliceSocket.drained(), bobSocket.drained()]);
    expect(walletNews(aliceSocket)).toEqual([news]);
    expect(walletNews(bobSocket)).toEqual([]);
    await Promise.all([aliceSocket.close(), aliceSecondTab.close(), bobSocket.close()]);
  });

  it('pushes the balance when the PhonePe webhook credits a payment', async () => {
    const f = franchise();
    const trader = await f.newUser();
    const socket = await listen(trader, f.host);
    const payment = dataOf(await f.call('POST', '/payment/makepayment', { token: trader.token, body: { amount: 500 } }), paymentContracts.makePayment.response);
    await f.fake.choose(payment.merchant_order_id, 'success', { copies: 0 });
    const body = JSON.stringify({ event: 'checkout.order.completed', payload: { merchantOrderId: payment.merchant_order_id, state: 'COMPLETED', amount: 50_000 } });
    const hooked = await f.call('POST', `/payment/webhook/phonepe/${f.frchId}`, {
      rawBody: body,
      headers: { 'content-type': 'application/json', authorization: webhookAuthorizationOf(f.webhookUsername, f.webhookPassword) },
    });
    expect(dataOf(hooked, paymentContracts.phonePeWebhook.response).state).toBe('completed');
    expect(await socket.next(isWallet)).toEqual({ type: 'wallet', credit_paise: 50_000, current_credit: 500, seq: 1, at: expect.any(String) });
    // A duplicate webhook credits nothing more and pushes nothing more.
    await f.call('POST', `/payment/webhook/phonepe/${f.frchId}`, { rawBody: body, headers: { 'content-type': 'application/json', authorization: webhookAuthorizationOf(f.webhookUsername, f.webhookPassword) } });
    await socket.drained();
    expect(walletNews(socket)).toHaveLength(1);
    await socket.close();
  });

  it('pushes the balance after a debit; a replay and a refused debit push nothing', async () => {
    const carol = await createTestUser();
    await movement(carol, 'credit', 10_000);
    const socket = await listen(carol);
    const key = randomUUID();
    const debited = await movement(carol, 'debit', 2_550, key);
    expect(debited.kind).toBe('moved');
    // The push is done before the movement answers: the message is on its way already.
    expect(await socket.next(isWallet)).toEqual({ type: 'wallet', credit_paise: 7_450, current_credit: 74.5, seq: 2, at: debited.movement.at });
    expect((await movement(carol, 'debit', 2_550, key)).kind).toBe('replayed');
    await expect(movement(carol, 'debit', 1_000_000)).rejects.toThrow(NOT_ENOUGH_CREDIT_MESSAGE);
    await socket.drained();
    expect(walletNews(socket).map((news) => news.seq)).toEqual([2]);
    await socket.close();
  });

  it('movements at once: the newest news (highest seq) carries the final balance, and every one is true of its seq', async () => {
    const dave = await createTestUser();
    const socket = await listen(dave);
    const credits = [1_000, 2_000, 3_000, 4_000, 5_000, 6_000];
    await Promise.all(credits.map((paise) => movement(dave, 'credit', paise)));
    const final = await getWalletBalance(ownerOf(dave));
    expect(final).toEqual({ balancePaise: 21_000, movements: 6 });
    await socket.drained();
    const news = walletNews(socket);
    const newest = news.reduce((latest, item) => (item.seq > latest.seq ? item : latest));
    expect(newest).toMatchObject({ seq: 6, credit_paise: 21_000, current_credit: 210 });
    const balanceAfterSeq = new Map((await listWholeLedger(ownerOf(dave))).map((entry) => [entry.seq, entry.balance_after_paise]));
    for (const item of news) expect(item.credit_paise, `seq ${item.seq}`).toBe(balanceAfterSeq.get(item.seq));
    await socket.close();
  });

  it('a push that fails does not fail or undo the movement', async () => {
    const erin = await createTestUser();
    const socket = await listen(erin);
    const restore = setRealtimePublisher({
      send: async () => {
        throw new Error('the realtime endpoint is down');
      },
    });
    try {
      const moved = await movement(erin, 'credit', 4_200);
      expect(moved).toMatchObject({ kind: 'moved', movement: { seq: 1, balanceAfterPaise: 4_200 } });
    } finally {
      restore();
    }
    expect(await getWalletBalance(ownerOf(erin))).toEqual({ balancePaise: 4_200, movements: 1 });
    await movement(erin, 'credit', 800);
    expect(await socket.next(isWallet)).toMatchObject({ seq: 2, credit_paise: 5_000 });
    await socket.close();
  });

  it('raised no errors in the realtime server', () => {
    expect(api.realtimeErrors).toEqual([]);
  });
});
