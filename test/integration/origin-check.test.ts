import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { ORIGIN_VERIFY_HEADER } from '../../shared/config/headers';
import { resetConfigForTests } from '../../functions/platform/config';
import { NOT_THROUGH_SITE_MESSAGE, resetOriginSecrets } from '../../functions/platform/http/origin-check';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Only this stack's CloudFront reaches the API (ADR 0010): with an origin secret configured, every route
 * group refuses a request that does not carry it, before routing, so a caller who finds the execute-api
 * endpoint cannot forge the viewer address that allow-lists and login limits read.
 */
const api = useGateway();
const SECRET = 'origin-secret-for-the-integration-tests-0123456789';
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser();
  process.env[ENV.originSecret] = SECRET;
  resetConfigForTests();
  resetOriginSecrets();
});
afterAll(() => {
  delete process.env[ENV.originSecret];
  resetConfigForTests();
  resetOriginSecrets();
});

describe('requests that did not come through the site', () => {
  it('are refused with 403 in the envelope, whatever the route, before anything else is looked at', async () => {
    for (const [method, path] of [['GET', '/users/getuserprofile'], ['POST', '/auth/userlogin'], ['GET', '/no/such/route']] as const) {
      const answer = await api.call(method, path, { token: user.token, body: method === 'POST' ? {} : undefined, headers: { 'x-viewer-ip': '52.89.214.238' } });
      expect(answer.status, path).toBe(403);
      expect(answer.body).toMatchObject({ status: false, data: null, error: { message: NOT_THROUGH_SITE_MESSAGE } });
    }
    const wrong = await api.call('GET', '/users/getuserprofile', { token: user.token, headers: { [ORIGIN_VERIFY_HEADER]: `${SECRET}x` } });
    expect(wrong.status).toBe(403);
  });

  it('are served when they carry the secret CloudFront adds', async () => {
    const answer = await api.call('GET', '/users/getuserprofile', { token: user.token, headers: { [ORIGIN_VERIFY_HEADER]: SECRET } });
    expect(answer.status).toBe(200);
  });
});
