import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { subUserViewContracts } from '../../shared/contracts/subuser-views';
import { cursorPage } from '../../shared/contracts/paging';
import { ledgerEntrySchema } from '../../shared/contracts/wallet';
import { subUserKeys } from '../../functions/data/sub-users/sub-user-keys';
import { listWholeLedger } from '../../functions/data/wallet/ledger-repository';
import { listNotifications } from '../../functions/data/notifications-repository';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { moveWallet } from '../../functions/wallet/move-wallet';
import { createWalletTransferer } from '../../functions/wallet/transfer-between-wallets';
import { BusinessRuleError } from '../../functions/platform/errors';
import { auditWallet, getWalletBalance } from '../../functions/wallet/wallet-reads';
import { userKeys } from '../../functions/data/keys';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const api = useGateway();
const CREDIT_DEBIT = '/users/subusermanagement/creditdebitsubuser';
const answerSchema = subUserViewContracts.creditDebitSubUser.response;
const ledgerPage = cursorPage(ledgerEntrySchema);

const ownerOf = (who: TestUser) => ({ frchId: who.user.frch_id, userId: who.user.user_id });
const balanceOf = async (who: TestUser) => (await getWalletBalance(ownerOf(who))).balancePaise;
const send = (who: TestUser, body: Record<string, unknown>) => api.call('POST', CREDIT_DEBIT, { token: who.token, body });
const newKey = () => `key-${randomUUID()}`;

async function fund(who: TestUser, paise: number): Promise<void> {
  await moveWallet({ owner: ownerOf(who), direction: 'credit', amountPaise: paise, reason: 'bank_transfer', description: 'Top-up', idempotencyKey: `bank-transfer#${randomUUID()}` });
}

/** A user added by `parent` (as `addsubuser` leaves it: the profile names its parent and is listed under it). */
async function subUserOf(parent: TestUser): Promise<TestUser> {
  const child = await createTestUser({ frchId: parent.user.frch_id });
  const listing = subUserKeys.parentListing(parent.user.frch_id, parent.user.user_id, child.user.user_id);
  await dynamo().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: userKeys.profile(child.user.frch_id, child.user.user_id),
      UpdateExpression: 'SET parent_user_id = :parent, GSI3PK = :pk, GSI3SK = :sk',
      ExpressionAttributeValues: { ':parent': parent.user.user_id, ':pk': listing.GSI3PK, ':sk': listing.GSI3SK },
    }),
  );
  return { ...child, user: { ...child.user, parent_user_id: parent.user.user_id } };
}

/** A parent (can add sub-users) with `paise` in its wallet and a fresh sub-user. */
async function family(paise: number) {
  const parent = await createTestUser({ roles: { can_add_subuser: true } });
  await fund(parent, paise);
  const child = await subUserOf(parent);
  return { parent, child };
}

async function ownLedger(who: TestUser) {
  return dataOf(await api.call('POST', '/users/getuserledger', { token: who.token, body: {} }), ledgerPage).items;
}

describe('creditdebitsubuser from the parent wallet', () => {
  it('credits and debits both ways: both balances and both ledger entries, the sub-user told', async () => {
    const { parent, child } = await family(100_000);
    const credited = dataOf(await send(parent, { sub_user_id: child.user.user_id, type: 'credit', amount_paise: 20_000, idempotency_key: newKey() }), answerSchema);
    expect(credited).toEqual({ sub_user_balance_paise: 20_000, parent_balance_paise: 80_000, replayed: false });
    const debited = dataOf(await send(parent, { sub_user_id: child.user.user_id, type: 'debit', amount_paise: 5_000, idempotency_key: newKey() }), answerSchema);
    expect(debited).toEqual({ sub_user_balance_paise: 15_000, parent_balance_paise: 85_000, replayed: false });
    expect([await balanceOf(parent), await balanceOf(child)]).toEqual([85_000, 15_000]);

    const parentEntries = (await ownLedger(parent)).filter((entry) => entry.reason === 'subuser_transfer');
    expect(parentEntries.map((entry) => [entry.type, entry.amount_paise, entry.balance_after_paise])).toEqual([
      ['credit', 5_000, 85_000],
      ['debit', 20_000, 80_000],
    ]);
    expect(parentEntries[1]?.description).toBe(`Credit to Test User (#${child.user.user_id})`);
    const childEntries = dataOf(await api.call('POST', '/users/subusermanagement/getledger', { token: parent.token, body: { sub_user_id: child.user.user_id } }), ledgerPage).items;
    expect(childEntries.map((entry) => [entry.type, entry.amount_paise, entry.balance_after_paise, entry.reason])).toEqual([
      ['debit', 5_000, 15_000, 'subuser_transfer'],
      ['credit', 20_000, 20_000, 'subuser_transfer'],
    ]);
    expect(childEntries[1]?.description).toBe('Credit from Test User');
    for (const who of [parent, child]) expect(await auditWallet(ownerOf(who))).toMatchObject({ chainIntact: true, ledgerSumPaise: await balanceOf(who) });

    const told = await listNotifications(child.user.frch_id, child.user.user_id, { offset: 0, limit: 10 });
    expect(told.items.map((one) => [one.notify_type, one.notified_message])).toEqual([
      ['Wallet', '₹50.00 was taken from your wallet by your parent account.'],
      ['Wallet', '₹200.00 was added to your wallet by your parent account.'],
    ]);
  });

  it('refuses a move the paying wallet does not cover, naming whose, and writes nothing', async () => {
    const { parent, child } = await family(10_000);
    expectError(await send(parent, { sub_user_id: child.user.user_id, type: 'credit', amount_paise: 10_001, idempotency_key: newKey() }), 422, 'Not enough credit in your wallet.');
    expectError(await send(parent, { sub_user_id: child.user.user_id, type: 'debit', amount_paise: 100, idempotency_key: newKey() }), 422, "Not enough credit in the sub-user's wallet.");
    expect([await balanceOf(parent), await balanceOf(child)]).toEqual([10_000, 0]);
    expect(await listWholeLedger(ownerOf(child))).toEqual([]);
    expect((await listWholeLedger(ownerOf(parent))).map((entry) => entry.reason)).toEqual(['bank_transfer']);
  });

  it('answers the first result for the same key, and 409 for the same key with another amount or direction', async () => {
    const { parent, child } = await family(50_000);
    const key = newKey();
    const body = { sub_user_id: child.user.user_id, type: 'credit', amount_paise: 10_000, idempotency_key: key };
    const first = dataOf(await send(parent, body), answerSchema);
    await fund(parent, 1_000);
    const again = dataOf(await send(parent, body), answerSchema);
    expect(again).toEqual({ ...first, replayed: true });
    expectError(await send(parent, { ...body, amount_paise: 10_100 }), 409);
    expectError(await send(parent, { ...body, type: 'debit' }), 409);
    expect([await balanceOf(parent), await balanceOf(child)]).toEqual([41_000, 10_000]);
    expect(await listWholeLedger(ownerOf(child))).toHaveLength(1);
  });

  it('answers 404 for another parent’s sub-user and 400 for bad input, changing nothing', async () => {
    const { parent, child } = await family(50_000);
    const stranger = await createTestUser({ roles: { can_add_subuser: true } });
    await fund(stranger, 50_000);
    expectError(await send(stranger, { sub_user_id: child.user.user_id, type: 'credit', amount_paise: 1_000, idempotency_key: newKey() }), 404);
    expectError(await send(child, { sub_user_id: parent.user.user_id, type: 'debit', amount_paise: 1_000, idempotency_key: newKey() }), 403);
    for (const bad of [{ amount_paise: 99 }, { amount_paise: 150.5 }, { type: 'refund' }, { idempotency_key: 'short' }, { source: 'bank' }]) {
      expectError(await send(parent, { sub_user_id: child.user.user_id, type: 'credit', amount_paise: 1_000, idempotency_key: newKey(), ...bad }), 400);
    }
    expect([await balanceOf(parent), await balanceOf(stranger), await balanceOf(child)]).toEqual([50_000, 50_000, 0]);
  });
});

describe('creditdebitsubuser as a franchise grant (broker panel)', () => {
  it('grants and withdraws credit without a wallet, with the reason in the ledger', async () => {
    const panel = await createTestUser({ roles: { is_brokerpanel: true } });
    const child = await subUserOf(await createTestUser({ roles: { can_add_subuser: true } }));
    const grant = { sub_user_id: child.user.user_id, type: 'credit', amount_paise: 30_000, source: 'franchise', reason: 'Welcome credit for the pilot', idempotency_key: newKey() };
    expect(dataOf(await send(panel, grant), answerSchema)).toEqual({ sub_user_balance_paise: 30_000, parent_balance_paise: null, replayed: false });
    expect(dataOf(await send(panel, grant), answerSchema)).toEqual({ sub_user_balance_paise: 30_000, parent_balance_paise: null, replayed: true });
    const withdraw = { ...grant, type: 'debit', amount_paise: 10_000, reason: 'Pilot ended', idempotency_key: newKey() };
    expect(dataOf(await send(panel, withdraw), answerSchema)).toMatchObject({ sub_user_balance_paise: 20_000 });
    expectError(await send(panel, { ...withdraw, amount_paise: 20_001, idempotency_key: newKey() }), 422, "Not enough credit in the sub-user's wallet.");

    // Oldest first.
    const entries = await listWholeLedger(ownerOf(child));
    expect(entries.map((entry) => [entry.reason, entry.type, entry.amount_paise, entry.description, entry.reference.admin_user_id])).toEqual([
      ['franchise_grant', 'credit', 30_000, 'Welcome credit for the pilot', String(panel.user.user_id)],
      ['franchise_withdrawal', 'debit', 10_000, 'Pilot ended', String(panel.user.user_id)],
    ]);
    expect(await balanceOf(panel)).toBe(0);
  });

  it('requires a reason (400) and the broker panel (403)', async () => {
    const { parent, child } = await family(10_000);
    const panel = await createTestUser({ roles: { is_brokerpanel: true } });
    const grant = { sub_user_id: child.user.user_id, type: 'credit', amount_paise: 1_000, source: 'franchise', idempotency_key: newKey() };
    expectError(await send(panel, grant), 400);
    expectError(await send(panel, { ...grant, reason: ' a ' }), 400);
    expectError(await send(parent, { ...grant, reason: 'Free credit' }), 403);
    expect(await balanceOf(child)).toBe(0);
  });
});

describe('500 concurrent parent ↔ sub-user transfers', () => {
  it('keep the sum of both balances, neither negative, and each ledger adds up to its balance', async () => {
    const { parent, child } = await family(500_000);
    await fund(child, 200_000);
    const amounts = Array.from({ length: 500 }, () => 100 * (1 + Math.floor(Math.random() * 40)));
    const started = performance.now();
    const statuses = await Promise.all(
      amounts.map(async (amount, index) => {
        const answer = await send(parent, { sub_user_id: child.user.user_id, type: index % 2 === 0 ? 'credit' : 'debit', amount_paise: amount, idempotency_key: newKey() });
        return answer.status;
      }),
    );
    console.info(`sub-users: 500 concurrent parent ↔ sub-user transfers took ${Math.round(performance.now() - started)} ms`);
    const moved = statuses.filter((status) => status === 200).length;
    // Only a wallet run dry may refuse (422); nothing else fails.
    expect(statuses.filter((status) => status !== 200 && status !== 422)).toEqual([]);
    const [parentBalance, childBalance] = [await balanceOf(parent), await balanceOf(child)];
    expect(parentBalance + childBalance).toBe(700_000);
    expect(parentBalance).toBeGreaterThanOrEqual(0);
    expect(childBalance).toBeGreaterThanOrEqual(0);
    for (const [who, balance] of [[parent, parentBalance], [child, childBalance]] as const) {
      const entries = await listWholeLedger(ownerOf(who));
      const sum = entries.reduce((total, entry) => total + (entry.type === 'credit' ? entry.amount_paise : -entry.amount_paise), 0);
      expect(sum).toBe(balance);
      expect(entries.filter((entry) => entry.reason === 'subuser_transfer')).toHaveLength(moved);
      expect(await auditWallet(ownerOf(who))).toMatchObject({ chainIntact: true, ledgerSumPaise: balance });
    }
  }, 60_000);

  it('stay exact when several processes transfer while single-wallet movements debit the parent', async () => {
    const { parent, child } = await family(100_000);
    const processes = [createWalletTransferer(), createWalletTransferer(), createWalletTransferer()];
    const parentParty = { owner: ownerOf(parent), description: 'To the sub-user', shortOfCredit: 'parent short' };
    const childParty = { owner: ownerOf(child), description: 'To the parent', shortOfCredit: 'child short' };
    const outcome = (done: string) => [() => done, (error: unknown) => (error instanceof BusinessRuleError ? 'refused' : `failed: ${String(error)}`)] as const;
    const transfers = Array.from({ length: 150 }, (_, index) =>
      (processes[index % processes.length] as (typeof processes)[number])
        .transfer({
          payer: index % 2 === 0 ? parentParty : childParty,
          payee: index % 2 === 0 ? childParty : parentParty,
          amountPaise: 100 * (1 + (index % 7)),
          reason: 'subuser_transfer',
          idempotencyKey: `subuser-transfer#race-${randomUUID()}`,
        })
        .then(...outcome('moved')),
    );
    const debits = Array.from({ length: 30 }, () =>
      moveWallet({ owner: ownerOf(parent), direction: 'debit', amountPaise: 1_000, reason: 'broker_subscription', description: 'Plan', idempotencyKey: `broker-subscription#race-${randomUUID()}` }).then(
        ...outcome('debited'),
      ),
    );
    const ends = await Promise.all([...transfers, ...debits]);
    expect(ends.filter((end) => end.startsWith('failed'))).toEqual([]);
    const debited = ends.filter((end) => end === 'debited').length;
    const [parentBalance, childBalance] = [await balanceOf(parent), await balanceOf(child)];
    expect(parentBalance + childBalance).toBe(100_000 - 1_000 * debited);
    for (const who of [parent, child]) expect(await auditWallet(ownerOf(who))).toMatchObject({ chainIntact: true, ledgerSumPaise: await balanceOf(who) });
    expect((await listWholeLedger(ownerOf(child))).length).toBe(ends.filter((end) => end === 'moved').length);
  }, 60_000);
});
