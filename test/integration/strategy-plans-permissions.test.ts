import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import type { RoleFlags } from '../../shared/domain/roles';
import { resetConfigForTests } from '../../functions/platform/config';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Group strategies (issue 21): plans and who may see them. A franchise of this file's own (its broker
 * panels and users), so nothing here touches franchises 1 and 2's settings.
 */
const api = useGateway();
const STRAT = '/users/groups/strategies/';
const GROUPS = '/users/groups/';

interface Actor {
  readonly user: TestUser;
  readonly host: string;
}

const frchId = 700_000 + randomInt(0, 90_000);
const host = `strategies-${frchId}.localhost`;

beforeAll(() => {
  const hosts = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
  process.env[ENV.franchiseHosts] = JSON.stringify({ ...hosts, [host]: frchId });
  resetConfigForTests();
});

async function actor(roles: Partial<RoleFlags> = {}, ownFranchise = true): Promise<Actor> {
  return ownFranchise ? { user: await createTestUser({ frchId, roles }), host } : { user: await createTestUser({ frchId: 1, roles }), host: 'localhost' };
}

function call(who: Actor, path: string, body: unknown) {
  return api.call('POST', path, { host: who.host, token: who.user.token, body });
}

async function ok<T>(who: Actor, path: string, body: unknown): Promise<T> {
  const answer = await call(who, path, body);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { data: T }).data;
}

async function failure(who: Actor, path: string, body: unknown, status: number) {
  const answer = await call(who, path, body);
  expect(answer.status, answer.text).toBe(status);
  const envelope = answer.body as { status: boolean; msg?: string; error: { message: string; details?: { path: string }[] } };
  expect(envelope.status).toBe(false);
  expect(envelope.msg).toBeTruthy();
  return envelope.error;
}

async function strategyOf(owner: Actor, visibility: 'PRIVATE' | 'PUBLIC', isStrategy = true): Promise<string> {
  const group = await ok<{ grp_id: string }>(owner, `${GROUPS}addgroup`, { grp_name: `Strategy ${randomInt(0, 1e6)}` });
  await ok(owner, `${GROUPS}updatestrategy`, { group_id: group.grp_id, is_strategy: isStrategy, visibility, strategy_description: 'Nifty options' });
  return group.grp_id;
}

interface Plan {
  plan_id: string;
  label: string;
  duration_days: number;
  price_credits: number;
  min_capital_note: string | null;
  withdrawn: boolean;
}

const planIds = (plans: Plan[]) => plans.map((plan) => plan.plan_id);
/** The fields a 400 names (a field may carry more than one message). */
const pathsOf = (error: { details?: { path: string }[] }) => [...new Set(error.details?.map((issue) => issue.path))].sort();

describe('strategy plans', () => {
  let panel: Actor;
  let viewer: Actor;
  let groupId: string;

  beforeAll(async () => {
    panel = await actor({ is_brokerpanel: true });
    viewer = await actor();
    groupId = await strategyOf(panel, 'PUBLIC');
  });

  it('adds plans, withdraws one: viewers see only the offered ones, the owner all; withdrawing twice is 404', async () => {
    const monthly = await ok<Plan>(panel, `${STRAT}addstrategyplan`, { group_id: groupId, label: 'Monthly', duration_days: 30, price_credits: 499.5, min_capital_note: 'Rs 2 lakh margin' });
    expect(monthly).toMatchObject({ label: 'Monthly', duration_days: 30, price_credits: 499.5, min_capital_note: 'Rs 2 lakh margin', withdrawn: false });
    const yearly = await ok<Plan>(panel, `${STRAT}addstrategyplan`, { group_id: groupId, label: 'Yearly', duration_days: 366, price_credits: 4999 });
    expect(yearly.min_capital_note).toBeNull();
    expect(planIds(await ok<Plan[]>(viewer, `${STRAT}getstrategyplans`, { group_id: groupId }))).toEqual([monthly.plan_id, yearly.plan_id]);

    const withdrawn = await ok<Plan>(panel, `${STRAT}deletestrategyplan`, { group_id: groupId, plan_id: monthly.plan_id });
    expect(withdrawn.withdrawn).toBe(true);
    await failure(panel, `${STRAT}deletestrategyplan`, { group_id: groupId, plan_id: monthly.plan_id }, 404);

    expect(planIds(await ok<Plan[]>(viewer, `${STRAT}getstrategyplans`, { group_id: groupId }))).toEqual([yearly.plan_id]);
    const ownerView = await ok<Plan[]>(panel, `${STRAT}getstrategyplans`, { group_id: groupId });
    expect(ownerView.map((plan) => [plan.plan_id, plan.withdrawn])).toEqual([
      [monthly.plan_id, true],
      [yearly.plan_id, false],
    ]);
  });

  it('refuses a non-positive duration or price, fractional paise and an empty label with the field paths (400)', async () => {
    const bad = { group_id: groupId, label: '', duration_days: 0, price_credits: -5 };
    const error = await failure(panel, `${STRAT}addstrategyplan`, bad, 400);
    expect(pathsOf(error)).toEqual(['duration_days', 'label', 'price_credits']);
    const fractional = await failure(panel, `${STRAT}addstrategyplan`, { group_id: groupId, label: 'Odd', duration_days: 1.5, price_credits: 10.255 }, 400);
    expect(pathsOf(fractional)).toEqual(['duration_days', 'price_credits']);
    const tooLong = await failure(panel, `${STRAT}addstrategyplan`, { group_id: groupId, label: 'Long', duration_days: 367, price_credits: 0 }, 400);
    expect(pathsOf(tooLong)).toEqual(['duration_days', 'price_credits']);
    expect(await ok<Plan[]>(panel, `${STRAT}getstrategyplans`, { group_id: groupId })).toHaveLength(2);
  });

  it("answers 404 for another panel's strategy, a group that is not a strategy and another franchise; 403 for a non-panel", async () => {
    const otherPanel = await actor({ is_brokerpanel: true });
    const plan = { label: 'Weekly', duration_days: 7, price_credits: 99 };
    await failure(otherPanel, `${STRAT}addstrategyplan`, { group_id: groupId, ...plan }, 404);
    const existing = (await ok<Plan[]>(panel, `${STRAT}getstrategyplans`, { group_id: groupId }))[0]!;
    await failure(otherPanel, `${STRAT}deletestrategyplan`, { group_id: groupId, plan_id: existing.plan_id }, 404);

    const plainGroup = await strategyOf(panel, 'PUBLIC', false);
    await failure(panel, `${STRAT}addstrategyplan`, { group_id: plainGroup, ...plan }, 404);
    await failure(viewer, `${STRAT}getstrategyplans`, { group_id: plainGroup }, 404);

    const foreignUser = await actor({}, false);
    await failure(foreignUser, `${STRAT}getstrategyplans`, { group_id: groupId }, 404);
    await failure(viewer, `${STRAT}addstrategyplan`, { group_id: groupId, ...plan }, 403);
    await failure(viewer, `${STRAT}deletestrategyplan`, { group_id: groupId, plan_id: existing.plan_id }, 403);
  });
});

describe('strategy permissions: PRIVATE strategies are seen only by permitted users', () => {
  let panel: Actor;
  let permitted: Actor;
  let other: Actor;
  let groupId: string;

  beforeAll(async () => {
    panel = await actor({ is_brokerpanel: true });
    [permitted, other] = await Promise.all([actor(), actor()]);
    groupId = await strategyOf(panel, 'PRIVATE');
    await ok(panel, `${STRAT}addstrategyplan`, { group_id: groupId, label: 'Monthly', duration_days: 30, price_credits: 500 });
  });

  const plansOf = (who: Actor) => call(who, `${STRAT}getstrategyplans`, { group_id: groupId });

  it('permits by email, lists the franchise users with their permission, and revokes', async () => {
    expect((await plansOf(permitted)).status).toBe(404);
    const granted = await ok<{ changed: string[]; unchanged: string[] }>(panel, `${STRAT}updatestrategypermission`, { group_id: groupId, emails: [permitted.user.user.email], allowed: true });
    expect(granted).toEqual({ changed: [permitted.user.user.email], unchanged: [] });
    const again = await ok<{ changed: string[]; unchanged: string[] }>(panel, `${STRAT}updatestrategypermission`, { group_id: groupId, emails: [permitted.user.user.email], allowed: true });
    expect(again).toEqual({ changed: [], unchanged: [permitted.user.user.email] });

    expect((await plansOf(permitted)).status).toBe(200);
    expect((await plansOf(other)).status).toBe(404);

    const listed = await ok<{ items: { user_id: number; permitted: boolean }[]; total: number }>(panel, `${STRAT}getsubuseremails`, { group_id: groupId, search: permitted.user.user.email });
    expect(listed).toEqual({ items: [expect.objectContaining({ user_id: permitted.user.user.user_id, permitted: true })], total: 1 });
    const otherListed = await ok<{ items: { permitted: boolean }[] }>(panel, `${STRAT}getsubuseremails`, { group_id: groupId, search: other.user.user.email });
    expect(otherListed.items.map((item) => item.permitted)).toEqual([false]);

    await ok(panel, `${STRAT}updatestrategypermission`, { group_id: groupId, emails: [permitted.user.user.email], allowed: false });
    expect((await plansOf(permitted)).status).toBe(404);
  });

  it('refuses unknown emails and users of another franchise by name (404), changing nothing', async () => {
    const foreignUser = await actor({}, false);
    const error = await failure(panel, `${STRAT}updatestrategypermission`, { group_id: groupId, emails: [other.user.user.email, foreignUser.user.user.email, 'nobody@test.local'], allowed: true }, 404);
    expect(error.message).toContain(foreignUser.user.user.email);
    expect(error.message).toContain('nobody@test.local');
    expect(error.message).not.toContain(other.user.user.email);
    expect((await plansOf(other)).status).toBe(404);
    await failure(panel, `${STRAT}updatestrategypermission`, { group_id: groupId, emails: ['not-an-email'], allowed: true }, 400);
    await failure(panel, `${STRAT}updatestrategypermission`, { group_id: groupId, emails: [], allowed: true }, 400);
  });

  it("refuses another panel's strategy (404) and a non-panel caller (403)", async () => {
    const otherPanel = await actor({ is_brokerpanel: true });
    await failure(otherPanel, `${STRAT}updatestrategypermission`, { group_id: groupId, emails: [other.user.user.email], allowed: true }, 404);
    await failure(otherPanel, `${STRAT}getsubuseremails`, { group_id: groupId }, 404);
    await failure(other, `${STRAT}updatestrategypermission`, { group_id: groupId, emails: [other.user.user.email], allowed: true }, 403);
    await failure(other, `${STRAT}getsubuseremails`, { group_id: groupId }, 403);
    expect((await plansOf(other)).status).toBe(404);
  });

  it('a PUBLIC strategy is seen by every user of the franchise, but not by another franchise', async () => {
    const publicId = await strategyOf(panel, 'PUBLIC');
    expect((await call(other, `${STRAT}getstrategyplans`, { group_id: publicId })).status).toBe(200);
    expect((await call(await actor({}, false), `${STRAT}getstrategyplans`, { group_id: publicId })).status).toBe(404);
    await ok(panel, `${GROUPS}updatestrategy`, { group_id: publicId, is_strategy: true, visibility: 'PRIVATE' });
    expect((await call(other, `${STRAT}getstrategyplans`, { group_id: publicId })).status).toBe(404);
  });
});
