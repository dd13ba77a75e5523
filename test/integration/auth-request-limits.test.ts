import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs, useClock } from '../../functions/platform/clock';
import { REGISTRATIONS_PER_ADDRESS, OTP_REQUESTS_PER_ADDRESS, TOO_MANY_REQUESTS_MESSAGE } from '../../functions/limits/rules';
import { useGateway } from '../support/gateway';

/**
 * Registration and password-reset codes are budgeted per client address (issue 14): beyond the budget a
 * clear 429 with Retry-After, and a forged x-viewer-ip does not buy a new budget. The clock sits in
 * windows of this file's own (years ahead), so the budgets other test files share are not touched.
 */
const api = useGateway();
let restoreClock: () => void = () => undefined;
beforeAll(() => {
  restoreClock = useClock(new Date(nowMs() + 3 * 365 * 86_400_000));
});
afterAll(() => restoreClock());

const registration = (n: number) => ({
  first_name: 'Limit',
  last_name: 'Tester',
  email: `limit-${randomInt(1e9)}-${n}@example.com`,
  mobile_no: String(6_000_000_000 + randomInt(999_999_999)),
  password: 'Strangle-Iron-Condor-42',
});

describe('registrations from one address', () => {
  it(`takes ${REGISTRATIONS_PER_ADDRESS.limit} an hour, then answers 429 with Retry-After, whatever viewer address the client claims`, async () => {
    const statuses: number[] = [];
    for (let n = 0; n < REGISTRATIONS_PER_ADDRESS.limit; n += 1) {
      statuses.push((await api.call('POST', '/auth/userregister', { body: registration(n), headers: { 'x-viewer-ip': `198.51.100.${n}` } })).status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await api.call('POST', '/auth/userregister', { body: registration(99), headers: { 'x-viewer-ip': '203.0.113.7' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: false, data: null, error: { message: TOO_MANY_REQUESTS_MESSAGE } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('password-reset codes from one address', () => {
  it(`takes ${OTP_REQUESTS_PER_ADDRESS.limit} in 15 minutes across names, then answers 429`, async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= OTP_REQUESTS_PER_ADDRESS.limit; n += 1) {
      statuses.push((await api.call('POST', '/auth/forgotpassword', { body: { step: 'request', email: `someone-${n}-${randomInt(1e9)}@example.com` } })).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
