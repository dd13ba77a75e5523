import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV, ROTATION_ENV } from '../../shared/config/env-names';
import { ORIGIN_VERIFY_HEADER } from '../../shared/config/headers';
import { resetSigningKey } from '../../functions/platform/auth/signing-key';
import { issueToken, verifyToken } from '../../functions/platform/auth/tokens';
import { nowMs, useClock } from '../../functions/platform/clock';
import { resetConfigForTests } from '../../functions/platform/config';
import { resetOriginSecrets } from '../../functions/platform/http/origin-check';
import { RotationRefusedError, ROTATION_STEPS } from '../../functions/platform/secrets/secret-rotation';
import { handler as rotate } from '../../functions/workers/rotate-secret';
import { startCloudFrontFake, type CloudFrontFake } from '../fakes/cloudfront-fake';
import { startSecretsManagerFake, type SecretsManagerFake } from '../fakes/secrets-manager-fake';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

/**
 * Issue 14: the token signing secret and the origin secret rotate through Secrets Manager (four steps,
 * run here as Secrets Manager runs them, against faithful fakes of Secrets Manager and CloudFront). A
 * token signed before a rotation keeps working until the next one; the origin secret's new value
 * reaches CloudFront's origin header, and the API takes both values meanwhile.
 */
const api = useGateway();
const ORIGINAL_JWT = 'the-first-signing-secret-of-this-test-0123456789abcdef';
const ORIGINAL_ORIGIN = 'the-first-origin-secret-of-this-test-0123456789abcdef';
const saved = { jwt: process.env[ENV.jwtSecret] };
let secrets: SecretsManagerFake;
let cloudFront: CloudFrontFake;
let jwtArn: string;
let originArn: string;
let user: TestUser;

async function rotateFully(secretId: string): Promise<string> {
  const token = secrets.startRotation(secretId);
  for (const step of ROTATION_STEPS) await rotate({ SecretId: secretId, ClientRequestToken: token, Step: step });
  return token;
}

let sessionToken = '';
const profileWith = (headers: Record<string, string>) => api.call('GET', '/users/getuserprofile', { token: sessionToken, headers });

beforeAll(async () => {
  user = await createTestUser();
  secrets = await startSecretsManagerFake();
  jwtArn = secrets.create('jwt-signing', ORIGINAL_JWT);
  originArn = secrets.create('origin', ORIGINAL_ORIGIN);
  cloudFront = await startCloudFrontFake([
    { id: 'web', domainName: 'web.s3.amazonaws.com', headers: {} },
    { id: 'api', domainName: 'abc.execute-api.ap-south-1.amazonaws.com', headers: { [ORIGIN_VERIFY_HEADER]: ORIGINAL_ORIGIN } },
  ]);
  process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = secrets.url;
  process.env.AWS_ENDPOINT_URL_CLOUDFRONT = cloudFront.url;
  delete process.env[ENV.jwtSecret];
  process.env[ENV.jwtSecretArn] = jwtArn;
  process.env[ENV.originSecretArn] = originArn;
  resetConfigForTests();
  resetSigningKey();
  resetOriginSecrets();
});

afterAll(async () => {
  delete process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER;
  delete process.env.AWS_ENDPOINT_URL_CLOUDFRONT;
  delete process.env[ENV.jwtSecretArn];
  delete process.env[ENV.originSecretArn];
  delete process.env[ROTATION_ENV.distributionId];
  if (saved.jwt !== undefined) process.env[ENV.jwtSecret] = saved.jwt;
  resetConfigForTests();
  resetSigningKey();
  resetOriginSecrets();
  await Promise.all([secrets.stop(), cloudFront.stop()]);
});

describe('token signing secret rotation', () => {
  it('signs with the new value and still takes tokens signed before, until the next rotation', async () => {
    const before = await issueToken(user.user.user_id, user.user.frch_id);
    await rotateFully(jwtArn);
    expect(secrets.valueAt(jwtArn, 'AWSPREVIOUS')).toBe(ORIGINAL_JWT);
    expect(secrets.valueAt(jwtArn, 'AWSCURRENT')).toMatch(/^[A-Za-z0-9]{64}$/);
    resetSigningKey();

    const after = await issueToken(user.user.user_id, user.user.frch_id);
    expect((await verifyToken(after.token)).jti).toBe(after.claims.jti);
    expect((await verifyToken(before.token)).jti).toBe(before.claims.jti);

    await rotateFully(jwtArn);
    resetSigningKey();
    await expect(verifyToken(before.token)).rejects.toMatchObject({ status: 401 });
    expect((await verifyToken(after.token)).jti).toBe(after.claims.jti);
  });

  it('refuses a version that is not pending rotation, and runs each step again without harm', async () => {
    const current = secrets.valueAt(jwtArn, 'AWSCURRENT');
    await expect(rotate({ SecretId: jwtArn, ClientRequestToken: 'not-a-version', Step: 'createSecret' })).rejects.toBeInstanceOf(RotationRefusedError);
    const token = secrets.startRotation(jwtArn);
    await rotate({ SecretId: jwtArn, ClientRequestToken: token, Step: 'createSecret' });
    const pending = secrets.valueAt(jwtArn, 'AWSPENDING');
    await rotate({ SecretId: jwtArn, ClientRequestToken: token, Step: 'createSecret' });
    expect(secrets.valueAt(jwtArn, 'AWSPENDING')).toBe(pending);
    for (const step of ['setSecret', 'testSecret', 'finishSecret', 'finishSecret'] as const) await rotate({ SecretId: jwtArn, ClientRequestToken: token, Step: step });
    expect(secrets.valueAt(jwtArn, 'AWSCURRENT')).toBe(pending);
    expect(secrets.valueAt(jwtArn, 'AWSPREVIOUS')).toBe(current);
  });
});

describe('origin secret rotation', () => {
  it("points CloudFront's API origin at the new value; the API takes the new and the previous value, and refuses others", async () => {
    process.env[ROTATION_ENV.distributionId] = cloudFront.distributionId;
    resetSigningKey();
    sessionToken = (await issueToken(user.user.user_id, user.user.frch_id)).token;
    expect((await profileWith({ [ORIGIN_VERIFY_HEADER]: ORIGINAL_ORIGIN })).status).toBe(200);

    await rotateFully(originArn);
    const rotated = secrets.valueAt(originArn, 'AWSCURRENT') ?? '';
    expect(rotated).not.toBe(ORIGINAL_ORIGIN);
    const apiOrigin = cloudFront.origins().find((origin) => origin.id === 'api');
    expect(apiOrigin?.headers[ORIGIN_VERIFY_HEADER]).toBe(rotated);
    expect(cloudFront.origins().find((origin) => origin.id === 'web')?.headers).toEqual({});
    expect(cloudFront.updates()).toBe(1);

    // A container that read the secret just before the rotation refuses the new value for a moment, then
    // reads the secret again when CloudFront sends it.
    expect((await profileWith({ [ORIGIN_VERIFY_HEADER]: rotated })).status).toBe(403);
    const restoreClock = useClock(new Date(nowMs() + 31_000));
    try {
      expect((await profileWith({ [ORIGIN_VERIFY_HEADER]: rotated })).status).toBe(200);
    } finally {
      restoreClock();
    }
    expect((await profileWith({ [ORIGIN_VERIFY_HEADER]: ORIGINAL_ORIGIN })).status).toBe(200);
    expect((await profileWith({ [ORIGIN_VERIFY_HEADER]: 'x'.repeat(64) })).status).toBe(403);
    expect((await profileWith({})).status).toBe(403);
  });
});
