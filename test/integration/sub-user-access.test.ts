import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_CONTRACTS } from '../../shared/contracts/all';
import { userKeys } from '../../functions/data/keys';
import { dynamo } from '../../functions/platform/clients';
import { config } from '../../functions/platform/config';
import { issueToken } from '../../functions/platform/auth/tokens';
import { getUser } from '../../functions/data/users-repository';
import { moveWallet } from '../../functions/wallet/move-wallet';
import { useGateway } from '../support/gateway';
import { seedReferralEarnings } from '../support/referrals';
import { HIERARCHY_CASES, namesManagedUser } from '../support/sub-user-access';
import { createTestUser, type TestUser } from '../support/users';

/**
 * The sub-user access matrix (issue 19, ADR 0013), generated over every call that names a managed user.
 * For each call, the same valid body naming sub-user S2 (a sub-user of parent P) is sent by:
 * - another parent Q of the same franchise → 404;
 * - S, P's other sub-user, itself allowed to add sub-users, acting on its sibling S2 → 404, and on its parent P → 404;
 * - a plain sub-user (no parent role) → 403;
 * - the broker panel of another franchise → 404;
 * and S2's partition is exactly as before. Then P (its parent) and B1 (its franchise's broker panel) succeed.
 */
const api = useGateway();
const SECOND_TENANT_HOST = 'tenant-two.localhost';

interface Actor {
  readonly userId: number;
  readonly token: string;
  readonly host?: string;
}

async function partitionOf(userId: number) {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: config().tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': userKeys.partition(1, userId) },
    }),
  );
  return Items;
}

const actorOf = (user: TestUser): Actor => ({ userId: user.user.user_id, token: user.token });

async function addSubUser(parent: Actor, label: string): Promise<Actor> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const answer = await api.call('POST', '/users/subusermanagement/addsubuser', {
    token: parent.token,
    body: { first_name: 'Matrix', last_name: label, email: `matrix-${label}-${suffix}@test.local`, mobile_no: `6${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}` },
  });
  expect(answer.status, answer.text).toBe(200);
  const userId = (answer.body as { data: { sub_user: { user_id: number } } }).data.sub_user.user_id;
  const { token } = await issueToken(userId, 1);
  return { userId, token };
}

/** Arranged directly: no call lets a parent make its sub-user a parent (the broker panel's users are seeded so). */
async function makeParent(actor: Actor): Promise<void> {
  await dynamo().send(
    new UpdateCommand({ TableName: config().tableName, Key: userKeys.profile(1, actor.userId), UpdateExpression: 'SET can_add_subuser = :yes', ExpressionAttributeValues: { ':yes': true } }),
  );
}

async function fund(actor: Actor, frchId: number, rupees: number, key: string): Promise<void> {
  await moveWallet({
    owner: { frchId, userId: actor.userId },
    direction: 'credit',
    amountPaise: rupees * 100,
    reason: 'bank_transfer',
    description: 'Matrix funds',
    idempotencyKey: `matrix-funds#${key}`,
  });
}

const covered = ALL_CONTRACTS.filter((contract) => namesManagedUser(contract) || HIERARCHY_CASES[contract.operationId]);

describe('sub-user access matrix: only the parent and its franchise panel reach a sub-user', () => {
  let parent: Actor;
  let otherParent: Actor;
  let panel: Actor;
  let foreignPanel: Actor;
  let nestedSibling: Actor;
  let plainSibling: Actor;

  beforeAll(async () => {
    const [p, q, b1, b2] = await Promise.all([
      createTestUser({ roles: { can_add_subuser: true } }),
      createTestUser({ roles: { can_add_subuser: true } }),
      createTestUser({ roles: { is_brokerpanel: true } }),
      createTestUser({ frchId: 2, roles: { is_brokerpanel: true } }),
    ]);
    parent = actorOf(p);
    otherParent = actorOf(q);
    panel = actorOf(b1);
    foreignPanel = { ...actorOf(b2), host: SECOND_TENANT_HOST };
    nestedSibling = await addSubUser(parent, 'nested');
    plainSibling = await addSubUser(parent, 'plain');
    await makeParent(nestedSibling);
    await Promise.all([fund(parent, 1, 10_000, `p-${parent.userId}`), fund(panel, 1, 10_000, `b-${panel.userId}`)]);
  });

  it('has a case for every call that names a managed user, and none stale', () => {
    expect(covered.length).toBeGreaterThanOrEqual(15);
    expect(covered.map((c) => c.operationId).filter((id) => !HIERARCHY_CASES[id])).toEqual([]);
    const known = new Set(ALL_CONTRACTS.map((c) => c.operationId));
    expect(Object.keys(HIERARCHY_CASES).filter((id) => !known.has(id))).toEqual([]);
  });

  for (const contract of covered) {
    it(`${contract.method} ${contract.path}`, async () => {
      const hierarchyCase = HIERARCHY_CASES[contract.operationId];
      if (!hierarchyCase) throw new Error(`no hierarchy case for ${contract.operationId}`);
      const target = await addSubUser(parent, 'target');
      const call = async (actor: Actor, subUserId: number, key: string) => {
        const own = hierarchyCase.arrange ? await hierarchyCase.arrange({ userId: actor.userId, frchId: actor.host ? 2 : 1 }, subUserId) : {};
        return api.call(contract.method, contract.path, { token: actor.token, host: actor.host, body: { ...hierarchyCase.body(subUserId, `${key}-${target.userId}`), ...own } });
      };
      const before = await partitionOf(target.userId);
      const parentBefore = await partitionOf(parent.userId);

      const refused = {
        'another parent': (await call(otherParent, target.userId, 'q')).status,
        'a sibling that is itself a parent': (await call(nestedSibling, target.userId, 's')).status,
        'a sub-user acting on its own parent': (await call(nestedSibling, parent.userId, 's-parent')).status,
        'a plain sub-user': (await call(plainSibling, target.userId, 'plain')).status,
        "another franchise's broker panel": (await call(foreignPanel, target.userId, 'b2')).status,
      };
      const notPanel = hierarchyCase.panelOnly ? 403 : 404;
      expect(refused).toEqual({
        'another parent': notPanel,
        'a sibling that is itself a parent': notPanel,
        'a sub-user acting on its own parent': notPanel,
        'a plain sub-user': 403,
        "another franchise's broker panel": 404,
      });
      expect(await partitionOf(target.userId), 'the sub-user is unchanged').toEqual(before);
      expect(await partitionOf(parent.userId), 'the parent is unchanged').toEqual(parentBefore);

      const asParent = await call(parent, target.userId, 'p');
      expect(asParent.status, `as its parent: ${asParent.text}`).toBe(hierarchyCase.panelOnly ? 403 : 200);
      const asPanel = await call(panel, target.userId, 'b1');
      expect(asPanel.status, `as its franchise's broker panel: ${asPanel.text}`).toBe(200);
    });
  }
});

describe('referral access: a cash-out is decided only by its own franchise’s broker panel', () => {
  it('refuses the parent, the sub-user and another franchise’s panel, and changes nothing until the panel acts', async () => {
    // Prepare: a parent's sub-user with referral earnings asks for a payout.
    const [p, b1, b2] = await Promise.all([
      createTestUser({ roles: { can_add_subuser: true } }),
      createTestUser({ roles: { is_brokerpanel: true } }),
      createTestUser({ frchId: 2, roles: { is_brokerpanel: true } }),
    ]);
    const parent = actorOf(p);
    const sub = await addSubUser(parent, 'earner');
    const subUser = await createTestUserView(sub.userId);
    await seedReferralEarnings(subUser, 50_000);
    const cashoutId = `matrix-cashout-${sub.userId}`;
    const asked = await api.call('POST', '/users/referrals/referralcashout', {
      token: sub.token,
      body: { choice: 'withdraw', amount_paise: 20_000, idempotency_key: cashoutId, bank_account: { holder_name: 'Matrix Earner', account_number: '123456789012', ifsc: 'HDFC0001234' } },
    });
    expect(asked.status, asked.text).toBe(200);
    const decide = (actor: Actor) =>
      api.call('POST', '/users/referrals/updatecashoutreferrals', { token: actor.token, host: actor.host, body: { cashout_id: cashoutId, user_id: sub.userId, status: 'initiate' } });
    const listFranchise = (actor: Actor) => api.call('GET', '/users/referrals/getcashoutreferrals?scope=franchise', { token: actor.token, host: actor.host });
    const before = await partitionOf(sub.userId);

    // Act + Assess: everyone but the franchise's panel is refused, and nothing moves.
    expect({
      parent: (await decide(parent)).status,
      'the sub-user itself': (await decide(sub)).status,
      "another franchise's panel": (await decide({ ...actorOf(b2), host: SECOND_TENANT_HOST })).status,
      'parent lists the franchise': (await listFranchise(parent)).status,
    }).toEqual({ parent: 403, 'the sub-user itself': 403, "another franchise's panel": 404, 'parent lists the franchise': 403 });
    const foreignList = await listFranchise({ ...actorOf(b2), host: SECOND_TENANT_HOST });
    expect(foreignList.text).not.toContain(cashoutId);
    expect(await partitionOf(sub.userId)).toEqual(before);
    const decided = await decide(actorOf(b1));
    expect(decided.status, decided.text).toBe(200);
    expect(decided.body).toMatchObject({ data: { cashout_id: cashoutId, status: 'initiate' } });
  });
});

/** The sub-user as the referral test helpers take it (only its ids are read). */
async function createTestUserView(userId: number): Promise<TestUser> {
  const user = await getUser(1, userId);
  if (!user) throw new Error(`user ${userId} not found`);
  return { user, password: '', token: '' };
}
