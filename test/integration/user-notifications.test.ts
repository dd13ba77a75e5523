import { describe, expect, it } from 'vitest';
import { nowMs } from '../../functions/platform/clock';
import { putNotification } from '../../functions/data/notifications-repository';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const api = useGateway();

type Inbox = { items: { id: string; notify_type: string; notified_message: string; isRead: boolean; create_time: string }[]; total: number; unread_count: number };

/** Three notifications a second apart, so their order is certain; answers their ids oldest first. */
async function seedNotifications(who: TestUser, count = 3): Promise<string[]> {
  const ids: string[] = [];
  const start = nowMs() - 60_000;
  for (let index = 0; index < count; index += 1) {
    const stored = await putNotification(who.user.frch_id, who.user.user_id, { notifyType: 'Broker Connected', message: `message ${index}` }, new Date(start + index * 1000));
    ids.push(stored.id);
  }
  return ids;
}

async function inbox(who: TestUser, body: Record<string, unknown> = {}): Promise<Inbox> {
  const answer = await api.call('POST', '/users/getusernotifications', { token: who.token, body });
  expect(answer.status).toBe(200);
  return (answer.body as { data: Inbox }).data;
}

describe('POST /users/getusernotifications', () => {
  it('answers the latest page (offset 0, limit 5 as the top bar calls it) with total and unread count', async () => {
    const alice = await createTestUser();
    const ids = await seedNotifications(alice, 7);
    const page = await inbox(alice, { offset: 0, limit: 5 });
    expect(page.total).toBe(7);
    expect(page.unread_count).toBe(7);
    expect(page.items.map((n) => n.id)).toEqual([...ids].reverse().slice(0, 5));
    expect(page.items[0]).toMatchObject({ notify_type: 'Broker Connected', notified_message: 'message 6', isRead: false });
    const rest = await inbox(alice, { offset: 5, limit: 5 });
    expect(rest.items.map((n) => n.id)).toEqual([ids[1], ids[0]]);
  });

  it('marks the given ids read before answering', async () => {
    const alice = await createTestUser();
    const [first, second, third] = await seedNotifications(alice);
    const page = await inbox(alice, { mark_read_ids: [second, 'not-an-id'] });
    expect(page.unread_count).toBe(2);
    expect(page.items.map((n) => [n.id, n.isRead])).toEqual([
      [third, false],
      [second, true],
      [first, false],
    ]);
  });

  it('marks everything read', async () => {
    const alice = await createTestUser();
    await seedNotifications(alice);
    const page = await inbox(alice, { mark_all_read: true });
    expect(page.unread_count).toBe(0);
    expect(page.items.every((n) => n.isRead)).toBe(true);
  });

  it("lets no one mark another user's notifications read, nor see them", async () => {
    // Prepare
    const alice = await createTestUser();
    const bob = await createTestUser();
    const aliceIds = await seedNotifications(alice);
    // Act
    const bobsView = await inbox(bob, { mark_read_ids: aliceIds });
    const bobsAll = await inbox(bob, { mark_all_read: true });
    // Assess
    expect(bobsView).toEqual({ items: [], total: 0, unread_count: 0 });
    expect(bobsAll.items).toEqual([]);
    const alicesView = await inbox(alice);
    expect(alicesView.unread_count).toBe(3);
    expect(alicesView.items.every((n) => !n.isRead)).toBe(true);
  });

  it.each([
    ['a zero limit', { limit: 0 }],
    ['a limit over 100', { limit: 101 }],
    ['a negative offset', { offset: -1 }],
    ['ids that are not a list', { mark_read_ids: 'abc' }],
    ['over 100 ids', { mark_read_ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }],
    ['mark_all_read as text', { mark_all_read: 'yes' }],
    ['an unknown field', { user_id: 1 }],
  ])('answers 400 for %s and marks nothing', async (_, body) => {
    const alice = await createTestUser();
    await seedNotifications(alice, 1);
    const answer = await api.call('POST', '/users/getusernotifications', { token: alice.token, body: { mark_all_read: true, ...body } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: false, error: { code: 'VALIDATION_FAILED' } });
    expect((await inbox(alice)).unread_count).toBe(1);
  });

  it('answers 401 without a token', async () => {
    expect((await api.call('POST', '/users/getusernotifications', { body: {} })).status).toBe(401);
  });
});
