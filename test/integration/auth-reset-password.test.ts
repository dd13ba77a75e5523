import { describe, expect, it } from 'vitest';
import { changePassword } from '../../functions/auth/change-password';
import { logIn } from '../../functions/auth/log-in';
import { listActivities } from '../../functions/data/activities-repository';
import { listNotifications } from '../../functions/data/notifications-repository';
import { getUser } from '../../functions/data/users-repository';
import { verifyPassword } from '../../functions/platform/auth/passwords';
import { verifyToken } from '../../functions/platform/auth/tokens';
import { createLogger } from '../../functions/platform/logger';
import { useGateway } from '../support/gateway';
import { createTestUser } from '../support/users';

const api = useGateway();
const NEW_PASSWORD = 'Calendar-Spread-Theta-42';
const log = createLogger({ test: 'auth-reset-password' }, 'error');

function changeOwnPassword(token: string, body: unknown, host?: string) {
  return api.call('POST', '/users/resetpassword', { token, body, ...(host ? { host } : {}) });
}

describe('POST /users/resetpassword', () => {
  it('changes the password, answers a fresh token with status and msg, and revokes every earlier token', async () => {
    // Prepare
    const { user, password, token } = await createTestUser();
    const secondDevice = (await api.call('POST', '/auth/userlogin', { body: { email: user.email, password } })).body as { data: { token: string } };
    // Act
    const answer = await changeOwnPassword(token, { old_password: password, new_password: NEW_PASSWORD });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: true, msg: 'Password changed successfully.', result: 'Password changed successfully.' });
    const fresh = (answer.body as { data: { token: string } }).data.token;
    expect((await api.call('GET', '/users/getuserprofile', { token: fresh })).status).toBe(200);
    expect((await api.call('GET', '/users/getuserprofile', { token })).status).toBe(401);
    expect((await api.call('GET', '/users/getuserprofile', { token: secondDevice.data.token })).status).toBe(401);
    expect((await api.call('POST', '/auth/userlogin', { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
    const { items } = await listNotifications(1, user.user_id, { offset: 0, limit: 5 });
    expect(items.map((n) => n.notify_type)).toContain('Password Changed');
    const activities = await listActivities(1, user.user_id, { fromIso: '2000-01-01', toIso: '2999-01-01' }, { limit: 10 });
    expect(activities.items.map((a) => a.action)).toContain('Changed password');
  });

  it('revokes a token issued in the same second as the change, while the new token and a login in that second work', async () => {
    // Prepare: the clock stands half a second after the old token's issue time
    const { user, password, token } = await createTestUser();
    const { iat } = await verifyToken(token);
    const sameSecond = new Date(iat * 1000 + 500);
    // Act
    const fresh = await changePassword({ frchId: 1, userId: user.user_id }, { old_password: password, new_password: NEW_PASSWORD }, log, sameSecond);
    const login = await logIn({ frchId: 1, sourceIp: '127.0.0.1', log }, { email: user.email, password: NEW_PASSWORD }, sameSecond);
    // Assess
    expect((await api.call('GET', '/users/getuserprofile', { token })).status).toBe(401);
    expect((await api.call('GET', '/users/getuserprofile', { token: fresh })).status).toBe(200);
    expect((await api.call('GET', '/users/getuserprofile', { token: login.token })).status).toBe(200);
  });

  it("answers 400 with msg 'Old password is incorrect.' for a wrong old password and changes nothing", async () => {
    const { user, token } = await createTestUser();
    const answer = await changeOwnPassword(token, { old_password: 'not-my-password', new_password: NEW_PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: false, msg: 'Old password is incorrect.', error: { message: 'Old password is incorrect.' } });
    expect((await api.call('GET', '/users/getuserprofile', { token })).status).toBe(200);
    const stored = await getUser(1, user.user_id);
    expect(await verifyPassword(NEW_PASSWORD, stored?.password_hash ?? null)).toBe(false);
  });

  it('refuses a new password equal to the old, too short, or common, and missing or mistyped fields, with 400', async () => {
    const { password, token } = await createTestUser();
    const bodies = [
      {},
      { old_password: password },
      { new_password: NEW_PASSWORD },
      { old_password: password, new_password: 123456789 },
      { old_password: password, new_password: 'five5' },
      { old_password: password, new_password: password },
      { old_password: password, new_password: 'iloveyou1' },
    ];
    for (const body of bodies) expect((await changeOwnPassword(token, body)).status, JSON.stringify(body)).toBe(400);
    const common = await changeOwnPassword(token, { old_password: password, new_password: 'Sunshine1' });
    expect(common.body).toMatchObject({ msg: 'This password is too common. Choose another.' });
  });

  it("cannot touch another user's password: a user id in the body is refused, and a change leaves others alone", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const naming = await changeOwnPassword(bob.token, { old_password: alice.password, new_password: NEW_PASSWORD, user_id: alice.user.user_id });
    expect(naming.status).toBe(400);
    const withAlicesPassword = await changeOwnPassword(bob.token, { old_password: alice.password, new_password: NEW_PASSWORD });
    expect(withAlicesPassword.status).toBe(400);
    expect((await changeOwnPassword(bob.token, { old_password: bob.password, new_password: NEW_PASSWORD })).status).toBe(200);
    expect((await api.call('GET', '/users/getuserprofile', { token: alice.token })).status).toBe(200);
    const storedAlice = await getUser(1, alice.user.user_id);
    expect(await verifyPassword(alice.password, storedAlice?.password_hash ?? null)).toBe(true);
  });

  it('needs a valid token of the franchise of the host', async () => {
    const { password, token } = await createTestUser({ frchId: 1 });
    const body = { old_password: password, new_password: NEW_PASSWORD };
    expect((await api.call('POST', '/users/resetpassword', { body })).status).toBe(401);
    expect((await changeOwnPassword(token, body, 'tenant-two.localhost')).status).toBe(401);
  });

  it('refuses with 429 after 5 wrong old passwords, even the right one', async () => {
    const { password, token } = await createTestUser();
    for (let i = 0; i < 5; i += 1) expect((await changeOwnPassword(token, { old_password: `wrong-${i}-pass`, new_password: NEW_PASSWORD })).status).toBe(400);
    const blocked = await changeOwnPassword(token, { old_password: password, new_password: NEW_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
