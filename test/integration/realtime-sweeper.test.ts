import { describe, expect, it } from 'vitest';
import { now, nowMs } from '../../functions/platform/clock';
import { findConnection, listUserConnections, putConnection, touchConnection } from '../../functions/data/connections-repository';
import { handler, sweepIdleConnections } from '../../functions/workers/realtime-connection-sweeper';
import { createTestUser } from '../support/users';

const minutesAgo = (minutes: number) => new Date(nowMs() - minutes * 60_000);

describe('the realtime connection sweeper', () => {
  it('deletes connections idle for more than 10 minutes and keeps fresh ones', async () => {
    // Prepare
    const { user } = await createTestUser();
    const idle = await putConnection({ connectionId: `idle-${user.user_id}`, frchId: 1, userId: user.user_id }, minutesAgo(11));
    const fresh = await putConnection({ connectionId: `fresh-${user.user_id}`, frchId: 1, userId: user.user_id }, minutesAgo(9));
    // Act
    const { deleted } = await sweepIdleConnections(now());
    // Assess
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await findConnection(idle.connectionId)).toBeNull();
    expect(await findConnection(fresh.connectionId)).toMatchObject({ userId: user.user_id });
    expect((await listUserConnections(1, user.user_id)).map((c) => c.connectionId)).toEqual([fresh.connectionId]);
  });

  it('keeps a connection that was idle until a ping touched it', async () => {
    const { user } = await createTestUser();
    const pinged = await putConnection({ connectionId: `pinged-${user.user_id}`, frchId: 1, userId: user.user_id }, minutesAgo(30));

    expect(await touchConnection(pinged)).toBe(true);
    await sweepIdleConnections(now());

    expect(await findConnection(pinged.connectionId)).toMatchObject({ userId: user.user_id });
  });

  it('runs as the scheduled handler, ignoring the EventBridge event', async () => {
    const { user } = await createTestUser();
    const idle = await putConnection({ connectionId: `idle-${user.user_id}`, frchId: 1, userId: user.user_id }, minutesAgo(60));

    const result = await handler();

    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await findConnection(idle.connectionId)).toBeNull();
  });
});
