import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES } from '../../shared/domain/constants';
import { capturedLogs } from '../support/integration-env';
import { useGateway } from '../support/gateway';
import { createTestUser } from '../support/users';

const api = useGateway();

describe('the request path through the local gateway', () => {
  it('logs in with email and password and answers token + profile in the envelope', async () => {
    // Prepare
    const { user, password } = await createTestUser();
    // Act
    const answer = await api.call('POST', '/auth/userlogin', { body: { email: user.email, password } });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: true, result: 'Login successful', data: { user: { user_id: user.user_id, email: user.email } } });
    expect(answer.headers.get('x-request-id')).toBeTruthy();
    expect(JSON.stringify(answer.body)).not.toContain('password_hash');
  });

  it('answers the same 401 for an unknown user and a wrong password', async () => {
    const { user } = await createTestUser();
    const wrong = await api.call('POST', '/auth/userlogin', { body: { email: user.email, password: 'not-the-password' } });
    const unknown = await api.call('POST', '/auth/userlogin', { body: { email: 'nobody@test.local', password: 'whatever' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const strip = (body: unknown) => JSON.stringify(body).replace(/"requestId":"[^"]+"/, '');
    expect(strip(wrong.body)).toBe(strip(unknown.body));
  });

  it('serves an authenticated call with a valid token and refuses a bad one with the 401 envelope', async () => {
    const { user, token } = await createTestUser();
    const ok = await api.call('GET', '/users/getuserprofile', { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: true, data: { user_id: user.user_id, frch_id: 1 } });

    const bad = await api.call('GET', '/users/getuserprofile', { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ status: false, error: { code: 'UNAUTHORIZED' } });

    const none = await api.call('GET', '/users/getuserprofile');
    expect(none.status).toBe(401);
  });

  it('refuses a token of another franchise on this franchise host', async () => {
    const { token } = await createTestUser({ frchId: 1 });
    const answer = await api.call('GET', '/users/getuserprofile', { token, host: 'tenant-two.localhost' });
    expect(answer.status).toBe(401);
  });

  it('answers 404 for an unknown route in a group, and for a path no group claims', async () => {
    const inGroup = await api.call('POST', '/users/groups/no-such-call', { body: {} });
    const nowhere = await api.call('GET', '/nothing/here');
    for (const answer of [inGroup, nowhere]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ status: false, error: { code: 'NOT_FOUND' } });
    }
  });

  it('answers 405 for a known path with the wrong method', async () => {
    const answer = await api.call('GET', '/auth/userlogin');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(answer.body).toMatchObject({ status: false, error: { code: 'METHOD_NOT_ALLOWED' } });
  });

  it("answers 400 'Invalid JSON body' for malformed JSON", async () => {
    const answer = await api.call('POST', '/auth/userlogin', { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: false, error: { message: 'Invalid JSON body', code: 'INVALID_JSON' } });
  });

  it('answers 400 with the failing field paths when the body breaks the schema', async () => {
    const answer = await api.call('POST', '/auth/userlogin', { body: { email: 'not-an-email', password: '', extra: 1 } });
    expect(answer.status).toBe(400);
    const body = answer.body as { error: { code: string; details: { path: string }[] } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d) => d.path)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('answers 413 for a body over 256 KB', async () => {
    const answer = await api.call('POST', '/auth/userlogin', { rawBody: `{"email":"${'a'.repeat(MAX_REQUEST_BODY_BYTES)}"}`, headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ status: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('answers 415 when a JSON call is sent as text', async () => {
    const answer = await api.call('POST', '/auth/userlogin', { rawBody: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(answer.status).toBe(415);
  });

  it('never writes a password or token into the logs', async () => {
    const { user, password } = await createTestUser();
    const login = await api.call('POST', '/auth/userlogin', { body: { email: user.email, password } });
    const token = (login.body as { data: { token: string } }).data.token;
    await api.call('GET', '/users/getuserprofile', { token });
    const logs = capturedLogs.join('\n');
    expect(logs).not.toContain(password);
    expect(logs).not.toContain(token);
  });
});
