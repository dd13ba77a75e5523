import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import type { RoleFlags } from '../../shared/domain/roles';
import { PHONEPE_ENDPOINT_ENV } from '../../functions/payments/phonepe/phonepe-endpoints';
import { resetConfigForTests } from '../../functions/platform/config';
import { startPhonePeFake, type PhonePeFake, type PhonePeFakeOptions } from '../fakes/phonepe-fake';
import type { ApiAnswer, CallOptions } from './gateway';
import { createTestUser, type TestUser } from './users';

type Api = { url(): string; call(method: string, path: string, options?: CallOptions): Promise<ApiAnswer> };

export interface PhonePeFranchise {
  readonly frchId: number;
  readonly host: string;
  readonly admin: TestUser;
  readonly fake: PhonePeFake;
  readonly clientId: string;
  /** Canary values: they must never appear in an answer or a log line. */
  readonly clientSecret: string;
  readonly webhookUsername: string;
  readonly webhookPassword: string;
  /** Every answer this helper saw (for the canary checks). */
  readonly answers: readonly string[];
  call(method: string, path: string, options?: CallOptions): Promise<ApiAnswer>;
  newUser(roles?: Partial<RoleFlags>): Promise<TestUser>;
  /** The body `updatephonepeconfigs` takes for this franchise's fake merchant. */
  settings(overrides?: Record<string, unknown>): Record<string, unknown>;
}

/**
 * A franchise of its own for one test file (integration tests share one DynamoDB Local): a host mapped
 * to it, its broker-panel admin, and PhonePe's fake with a merchant whose webhooks come to the test's
 * gateway. With `configure`, the admin saves PhonePe settings for the fake (switched on).
 */
export function usePhonePeFranchise(api: Api, options: { readonly configure?: boolean; readonly fake?: Partial<PhonePeFakeOptions> } = {}): () => PhonePeFranchise {
  let franchise: PhonePeFranchise | undefined;
  beforeAll(async () => {
    const frchId = 700_000 + randomInt(0, 200_000);
    const host = `pay-${frchId}.localhost`;
    const hosts = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
    process.env[ENV.franchiseHosts] = JSON.stringify({ ...hosts, [host]: frchId });
    resetConfigForTests();
    const clientId = `TEST-M${frchId}`;
    const clientSecret = `CANARYsecret${randomBytes(12).toString('hex')}`;
    const webhookUsername = `tb_${frchId}`;
    const webhookPassword = `Canary${randomBytes(5).toString('hex')}7`;
    const fake = await startPhonePeFake({
      merchants: [{ clientId, clientSecret, clientVersion: 1, webhook: { url: `${api.url()}/api/v4/payment/webhook/phonepe/${frchId}`, username: webhookUsername, password: webhookPassword } }],
      webhook: { copies: 2, delayMs: 0, gapMs: 5 },
      pendingThenSuccessMs: 300,
      refundSettleMs: 100,
      ...options.fake,
    });
    process.env[PHONEPE_ENDPOINT_ENV.sandbox] = fake.url;
    const admin = await createTestUser({ frchId, roles: { is_brokerpanel: true } });
    const answers: string[] = [];
    const call = async (method: string, path: string, callOptions: CallOptions = {}) => {
      const answer = await api.call(method, path, { host, ...callOptions });
      answers.push(answer.text);
      return answer;
    };
    const settings = (overrides: Record<string, unknown> = {}) => ({
      client_id: clientId,
      client_secret: clientSecret,
      client_version: 1,
      webhook_username: webhookUsername,
      webhook_password: webhookPassword,
      environment: 'SANDBOX',
      enabled: true,
      ...overrides,
    });
    franchise = {
      frchId,
      host,
      admin,
      fake,
      clientId,
      clientSecret,
      webhookUsername,
      webhookPassword,
      answers,
      call,
      newUser: (roles = {}) => createTestUser({ frchId, roles }),
      settings,
    };
    if (options.configure) {
      const saved = await call('POST', '/users/brokerpanelconfigs/updatephonepeconfigs', { token: admin.token, body: settings() });
      if (saved.status !== 200) throw new Error(`could not configure PhonePe: ${saved.text}`);
    }
  });
  afterAll(async () => {
    await franchise?.fake.settled();
    await franchise?.fake.stop();
  });
  return () => {
    if (!franchise) throw new Error('the PhonePe franchise is set up in beforeAll');
    return franchise;
  };
}
