import { describe, expect, it } from 'vitest';
import { nowMs } from '../../functions/platform/clock';
import { CONNECTION_LINK_LIFETIME_MS, verifyConnectionLink } from '../../functions/broker-accounts/accounts/connection-link';
import { useGateway } from '../support/gateway';
import { createTestUser } from '../support/users';

const api = useGateway();

type Link = { link: string; token: string; expires_at: string };

async function linkFor(token: string): Promise<Link> {
  const answer = await api.call('GET', '/users/generatebrokerconnectionlink', { token });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { data: Link }).data;
}

describe('GET /users/generatebrokerconnectionlink', () => {
  it('answers a signed link to the demat screen, valid for 15 minutes, that names the caller', async () => {
    const alice = await createTestUser();
    const before = nowMs();
    const { link, token, expires_at } = await linkFor(alice.token);
    expect(link).toBe(`/platform/demat?connect=${encodeURIComponent(token)}`);
    const expiresAt = Date.parse(expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(CONNECTION_LINK_LIFETIME_MS - 1_000);
    expect(expiresAt - nowMs()).toBeLessThanOrEqual(CONNECTION_LINK_LIFETIME_MS);
    await expect(verifyConnectionLink(token)).resolves.toMatchObject({ frchId: 1, userId: alice.user.user_id });
  });

  it('refuses the link once it has expired (422)', async () => {
    const alice = await createTestUser();
    const { token } = await linkFor(alice.token);
    const later = new Date(nowMs() + CONNECTION_LINK_LIFETIME_MS + 1_000);
    await expect(verifyConnectionLink(token, later)).rejects.toMatchObject({ status: 422 });
  });

  it('refuses a tampered or malformed link (400)', async () => {
    const alice = await createTestUser();
    const { token } = await linkFor(alice.token);
    const [payload = '', mac = ''] = token.split('.');
    const [frch, , expiry] = Buffer.from(payload, 'base64url').toString().split('.');
    const forged = `${Buffer.from(`${frch}.${alice.user.user_id + 1}.${expiry}`).toString('base64url')}.${mac}`;
    for (const bad of [forged, `${payload}.${Buffer.from('nope').toString('base64url')}`, 'garbage', `${token}.extra`, '']) {
      await expect(verifyConnectionLink(bad), bad).rejects.toMatchObject({ status: 400 });
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await api.call('GET', '/users/generatebrokerconnectionlink')).status).toBe(401);
  });
});
