import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { issueToken } from '../../functions/platform/auth/tokens';
import { dataOf, expectError } from '../support/api-answers';
import { useGateway } from '../support/gateway';
import { createTestUser } from '../support/users';

/**
 * Logout on the server (issue 14): the token the caller logs out with stops working at once — a copy
 * kept elsewhere included — while the user's other sessions go on; "all devices" ends them all.
 */
const api = useGateway();
const loggedOut = z.object({ logged_out: z.literal(true), all_devices: z.boolean() });
const profileOf = (token: string) => api.call('GET', '/users/getuserprofile', { token });

describe('POST /auth/logout', () => {
  it('revokes the token it is called with, and only that one', async () => {
    const { user, token: phone } = await createTestUser();
    const laptop = (await issueToken(user.user_id, user.frch_id)).token;
    expect((await profileOf(phone)).status).toBe(200);

    expect(dataOf(await api.call('POST', '/auth/logout', { token: phone, body: {} }), loggedOut)).toEqual({ logged_out: true, all_devices: false });

    expectError(await profileOf(phone), 401, 'Session ended. Please log in again.');
    expect((await api.call('POST', '/auth/logout', { token: phone, body: {} })).status).toBe(401);
    expect((await profileOf(laptop)).status).toBe(200);
  });

  it('logs out of every device: every token issued so far stops working, a new login works', async () => {
    const { user, token: phone, password } = await createTestUser();
    const laptop = (await issueToken(user.user_id, user.frch_id)).token;

    dataOf(await api.call('POST', '/auth/logout', { token: laptop, body: { all_devices: true } }), loggedOut);

    expect((await profileOf(phone)).status).toBe(401);
    expect((await profileOf(laptop)).status).toBe(401);
    // A new login in the same second as the revocation still gets a token that works.
    const fresh = dataOf(await api.call('POST', '/auth/userlogin', { body: { email: user.email, password } }), z.object({ token: z.string() })).token;
    expect((await profileOf(fresh)).status).toBe(200);
  });

  it('refuses bad input with 400 and a call without a token with 401, revoking nothing', async () => {
    const { token } = await createTestUser();
    expectError(await api.call('POST', '/auth/logout', { token, body: { all_devices: 'yes' } }), 400);
    expectError(await api.call('POST', '/auth/logout', { token, body: { user_id: 1 } }), 400);
    expect((await api.call('POST', '/auth/logout', { body: {} })).status).toBe(401);
    expect((await profileOf(token)).status).toBe(200);
  });
});
