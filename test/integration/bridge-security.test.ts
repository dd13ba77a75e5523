import { beforeAll, describe, expect, inject, it } from 'vitest';
import { now as clockNow } from '../../functions/platform/clock';
import { bridgeSecurityChangeSchema, bridgeSecuritySchema } from '../../shared/contracts/bridge-security';
import { errorEnvelopeSchema } from '../../shared/contracts/envelope';
import { jsonBridgeWithKeySchema } from '../../shared/contracts/jsonbridge';
import { getBridgeSecurity } from '../../functions/data/bridge-security-repository';
import { signatureHeaderOf, signatureOf } from '../../functions/signals/intake/signature';
import { signalValiditySeconds } from '../../functions/signals/security/bridge-security';
import { capturedLogs } from '../support/integration-env';
import { useOwnSignalQueue } from '../support/own-signal-queue';
import { useGateway, type ApiAnswer } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';
import { dataOf } from '../support/api-answers';

const engines = inject('engines');
const sqsClient = useOwnSignalQueue('bridge-security', null);

const api = useGateway();
const BODY = JSON.stringify({ type: 'MARKET', script_type: 'EQ', script: 'SBIN', product: 'INTRADAY', quantity: 1, transaction_type: 'BUY' });

const errorOf = (answer: ApiAnswer, status: number) => {
  expect(answer.status, answer.text).toBe(status);
  return errorEnvelopeSchema.parse(answer.body).error.message;
};
const post = (who: TestUser, path: string, body: unknown) => api.call('POST', path, { token: who.token, body });

async function addBridge(owner: TestUser) {
  const added = dataOf(await post(owner, '/users/jsonbridge/addjsonbridge', { json_bridge_name: 'Signed bridge' }), jsonBridgeWithKeySchema);
  return { id: added.json_bridge_id, key: added.webhook_key };
}

const send = (bridge: { id: string; key: string }, headers: Record<string, string> = {}, body = BODY) =>
  api.call('POST', `/users/jsonbridge/webhook/${bridge.id}/${bridge.key}`, { rawBody: body, headers: { 'content-type': 'application/json', ...headers } });

const secure = (owner: TestUser, id: string, signing: string, allowedIps: string[] = []) =>
  post(owner, '/users/jsonbridge/updatejsonbridgesecurity', { json_bridge_id: id, signing, allowed_ips: allowedIps });

describe('bridge webhook sender checks: signature and source addresses', () => {
  let owner: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    owner = await createTestUser();
    stranger = await createTestUser();
  });

  it('starts with no checks, answers a made secret once, keeps it sealed and never shows it again', async () => {
    const bridge = await addBridge(owner);
    expect(dataOf(await post(owner, '/users/jsonbridge/getjsonbridgesecurity', { json_bridge_id: bridge.id }), bridgeSecuritySchema)).toEqual({
      require_signature: false,
      secret_created_at: null,
      allowed_ips: [],
      signal_validity_seconds: 60,
      retry_window_seconds: 60,
    });
    const made = dataOf(await secure(owner, bridge.id, 'on'), bridgeSecurityChangeSchema);
    expect(made.require_signature).toBe(true);
    expect(made.signing_secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const secret = made.signing_secret ?? '';

    const read = await post(owner, '/users/jsonbridge/getjsonbridgesecurity', { json_bridge_id: bridge.id });
    expect(read.text).not.toContain(secret);
    const again = dataOf(await secure(owner, bridge.id, 'on'), bridgeSecurityChangeSchema);
    expect(again.signing_secret).toBeNull();
    const stored = await getBridgeSecurity({ frchId: owner.user.frch_id, userId: owner.user.user_id }, bridge.id);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
    expect(capturedLogs.join('\n')).not.toContain(secret.slice(6));
  });

  it('takes a correctly signed request and refuses unsigned, stale, forged ones with 401, storing nothing for them', async () => {
    const bridge = await addBridge(owner);
    const secret = dataOf(await secure(owner, bridge.id, 'on'), bridgeSecurityChangeSchema).signing_secret ?? '';
    const now = clockNow();
    const signed = await send(bridge, { 'x-signature': signatureHeaderOf(secret, BODY, now) });
    expect(signed.status, signed.text).toBe(202);

    expect(errorOf(await send(bridge), 401)).toMatch(/requires a signed request/);
    const stale = Math.floor(now.getTime() / 1000) - 400;
    expect(errorOf(await send(bridge, { 'x-signature': `t=${stale},v1=${signatureOf(secret, stale, BODY)}` }), 401)).toMatch(/300 s/);
    expect(errorOf(await send(bridge, { 'x-signature': signatureHeaderOf('whsec_guess', BODY, now) }), 401)).toMatch(/does not match/);
    // The signature covers the body: the same header on another body fails.
    const header = signatureHeaderOf(secret, BODY, now);
    expect(errorOf(await send(bridge, { 'x-signature': header }, BODY.replace('"quantity":1', '"quantity":100')), 401)).toMatch(/does not match/);
  });

  it('rotating makes the old secret fail at once; turning signing off takes unsigned requests again', async () => {
    const bridge = await addBridge(owner);
    const first = dataOf(await secure(owner, bridge.id, 'on'), bridgeSecurityChangeSchema).signing_secret ?? '';
    const second = dataOf(await secure(owner, bridge.id, 'rotate'), bridgeSecurityChangeSchema).signing_secret ?? '';
    expect(second).not.toBe(first);
    expect(errorOf(await send(bridge, { 'x-signature': signatureHeaderOf(first, BODY, clockNow()) }), 401)).toMatch(/does not match/);
    expect((await send(bridge, { 'x-signature': signatureHeaderOf(second, BODY, clockNow()) })).status).toBe(202);
    dataOf(await secure(owner, bridge.id, 'off'), bridgeSecurityChangeSchema);
    expect((await send(bridge)).status).toBe(202);
  });

  it('takes requests only from listed addresses when there is a list (403 otherwise), and refuses words that are not addresses', async () => {
    const bridge = await addBridge(owner);
    const listed = dataOf(await secure(owner, bridge.id, 'keep', ['52.89.214.238', '34.212.75.30']), bridgeSecurityChangeSchema);
    expect(listed).toMatchObject({ require_signature: false, allowed_ips: ['52.89.214.238', '34.212.75.30'], signing_secret: null });
    expect(errorOf(await send(bridge), 403)).toMatch(/does not take signals from this address/);
    // A client cannot name its own address: the gateway (CloudFront on AWS) decides it from the connection.
    expect(errorOf(await send(bridge, { 'x-viewer-ip': '52.89.214.238' }), 403)).toMatch(/does not take signals from this address/);
    dataOf(await secure(owner, bridge.id, 'keep', ['127.0.0.1', '::1']), bridgeSecurityChangeSchema);
    expect((await send(bridge)).status).toBe(202);
    expect(errorOf(await secure(owner, bridge.id, 'keep', ['300.1.1.1']), 400)).toMatch(/not an IPv4 or IPv6 address/);
    expect(errorOf(await secure(owner, bridge.id, 'sometimes'), 400)).toBeTruthy();
  });

  it('keeps the validity window per bridge: changed when given, kept when left out, refused out of range', async () => {
    const bridge = await addBridge(owner);
    const changed = dataOf(await post(owner, '/users/jsonbridge/updatejsonbridgesecurity', { json_bridge_id: bridge.id, signing: 'keep', allowed_ips: [], signal_validity_seconds: 15 }), bridgeSecurityChangeSchema);
    expect(changed.signal_validity_seconds).toBe(15);
    expect(dataOf(await secure(owner, bridge.id, 'keep'), bridgeSecurityChangeSchema).signal_validity_seconds).toBe(15);
    expect(await signalValiditySeconds({ frchId: owner.user.frch_id, userId: owner.user.user_id }, bridge.id)).toBe(15);
    errorOf(await post(owner, '/users/jsonbridge/updatejsonbridgesecurity', { json_bridge_id: bridge.id, signing: 'keep', allowed_ips: [], signal_validity_seconds: 2 }), 400);
  });

  it("answers another user's bridge with 404 and changes nothing", async () => {
    const bridge = await addBridge(owner);
    errorOf(await post(stranger, '/users/jsonbridge/getjsonbridgesecurity', { json_bridge_id: bridge.id }), 404);
    errorOf(await secure(stranger, bridge.id, 'on'), 404);
    expect(await getBridgeSecurity({ frchId: owner.user.frch_id, userId: owner.user.user_id }, bridge.id)).toBeNull();
  });
});
