import { mkdtempSync, rmSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { nowMs, useClock } from '../../functions/platform/clock';
import { resetConfigForTests } from '../../functions/platform/config';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const filesDir = mkdtempSync(join(tmpdir(), 'tb-brand-files-'));
process.env[ENV.filesDir] = filesDir;
resetConfigForTests();
const api = useGateway();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('brand-logo')]);
const TEXT_AS_PNG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');

interface Brand {
  horizontal_logo: string | null;
  vertical_logo: string | null;
  login_bg: string | null;
  favicon: string | null;
  product_name: string;
  organisation: Record<string, string> | null;
}

const ORG = {
  organisation_name: 'Acme Capital Services',
  address: '12 MG Road, Pune 411001',
  support_email: 'help@acme-trade.example',
  support_phone: '+91 20 5555 0101',
  gstin: '27AAPFU0939F1ZV',
  website: 'https://acme-trade.example',
  terms_url: 'https://acme-trade.example/terms',
  privacy_url: 'https://acme-trade.example/privacy',
  twitter_url: 'https://x.com/acmetrade',
  telegram_url: '',
  youtube_url: '',
  instagram_url: '',
};

const LOGO = { product_name: 'Acme Trade', horizontal_logo: 'horizontal_logo', vertical_logo: '', login_bg: '', favicon: 'favicon' };

/** A franchise of this file's own (integration files share one DynamoDB Local), reached on its own host. */
const frchId = 500_000 + randomInt(0, 100_000);
const host = `brand-${frchId}.localhost`;
let whiteLabel: TestUser;
let panel: TestUser;
let ordinary: TestUser;

async function upload(who: TestUser, imageType: string, bytes: Buffer) {
  const form = new FormData();
  form.append('image_type', imageType);
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'image.png');
  const request = new Request('http://local/', { method: 'POST', body: form });
  const rawBody = new Uint8Array(await request.arrayBuffer());
  return api.call('POST', '/users/setwhitelabelimages', { token: who.token, host, rawBody, headers: { 'content-type': request.headers.get('content-type') ?? '' } });
}

async function brandOf(onHost?: string): Promise<Brand> {
  const answer = await api.call('GET', '/users/getwhitelabelimages', onHost ? { host: onHost } : {});
  expect(answer.status).toBe(200);
  return (answer.body as { data: Brand }).data;
}

const save = (who: TestUser, configType: string, config: Record<string, unknown>) =>
  api.call('POST', '/users/brokerpanelconfigs/updateconfigs', { token: who.token, host, body: { config_type: configType, config } });

beforeAll(async () => {
  const hosts = JSON.parse(process.env[ENV.franchiseHosts] ?? '{}') as Record<string, number>;
  process.env[ENV.franchiseHosts] = JSON.stringify({ ...hosts, [host]: frchId });
  resetConfigForTests();
  whiteLabel = await createTestUser({ frchId, roles: { is_white_label: true } });
  panel = await createTestUser({ frchId, roles: { is_brokerpanel: true } });
  ordinary = await createTestUser({ frchId });
});
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

describe('a host shows its own brand (LOGO_CONFIG, ORG_CONFIG)', () => {
  it('before any save: the platform name, no organisation, and each upload in the slot of its kind', async () => {
    const before = await brandOf(host);
    expect(before).toEqual({ horizontal_logo: null, vertical_logo: null, login_bg: null, favicon: null, product_name: 'TradeBridge', organisation: null });
    const uploaded = await upload(whiteLabel, 'horizontal_logo', PNG);
    expect(uploaded.status).toBe(200);
    const after = await brandOf(host);
    expect(after.horizontal_logo).toMatch(new RegExp(`^/files/whitelabel/${frchId}/horizontal_logo\\?v=\\d+$`));
    expect(after.product_name).toBe('TradeBridge');
  });

  it('uploads a favicon through setwhitelabelimages with the same image checks', async () => {
    const notAnImage = await upload(whiteLabel, 'favicon', TEXT_AS_PNG);
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body).toMatchObject({ status: false, error: { message: 'Only PNG, JPEG or WEBP images are allowed' } });
    expect((await brandOf(host)).favicon).toBeNull();
    const answer = await upload(whiteLabel, 'favicon', PNG);
    expect(answer.status).toBe(200);
    expect((answer.body as { data: Brand }).data.favicon).toMatch(new RegExp(`^/files/whitelabel/${frchId}/favicon\\?v=\\d+$`));
  });

  it("a white-label user saves LOGO and ORG; the host's public brand carries them, the default host does not", async () => {
    const defaultBefore = await brandOf();
    const logo = await save(whiteLabel, 'LOGO_CONFIG', LOGO);
    const org = await save(whiteLabel, 'ORG_CONFIG', ORG);
    expect(logo.status).toBe(200);
    expect(logo.body).toMatchObject({ status: true, data: { config_type: 'LOGO_CONFIG', configured: true, config: LOGO } });
    expect(org.status).toBe(200);
    const brand = await brandOf(host);
    expect(brand.product_name).toBe('Acme Trade');
    expect(brand.horizontal_logo).toMatch(new RegExp(`^/files/whitelabel/${frchId}/horizontal_logo\\?v=\\d+$`));
    expect(brand.favicon).toMatch(new RegExp(`^/files/whitelabel/${frchId}/favicon\\?v=\\d+$`));
    expect(brand.login_bg).toBeNull();
    const { address: _address, gstin: _gstin, ...publicOrg } = ORG;
    expect(brand.organisation).toEqual(publicOrg);
    expect(JSON.stringify(brand)).not.toContain(ORG.gstin);
    // The default host's own images may change meanwhile (another file sets franchise 1's): none of this host's brand may reach it.
    const defaultAfter = await brandOf();
    expect(defaultAfter.product_name).toBe(defaultBefore.product_name);
    expect(defaultAfter.product_name).not.toBe('Acme Trade');
    expect(defaultAfter.organisation).not.toEqual(publicOrg);
    expect(JSON.stringify(defaultAfter)).not.toContain(`/whitelabel/${frchId}/`);
  });

  it('a cleared slot shows nothing although its upload stays; a new upload shows at once where a slot names it', async () => {
    const cleared = await save(panel, 'LOGO_CONFIG', { ...LOGO, favicon: '' });
    expect(cleared.status).toBe(200);
    expect((await brandOf(host)).favicon).toBeNull();
    const before = (await brandOf(host)).horizontal_logo;
    onTestFinished(useClock(new Date(nowMs() + 5)));
    expect((await upload(panel, 'horizontal_logo', PNG)).status).toBe(200);
    const after = (await brandOf(host)).horizontal_logo;
    expect(after).toMatch(/\?v=\d+$/);
    expect(after).not.toBe(before);
  });

  it('a slot may show another upload: the favicon slot takes the horizontal logo', async () => {
    const saved = await save(panel, 'LOGO_CONFIG', { ...LOGO, favicon: 'horizontal_logo' });
    expect(saved.status).toBe(200);
    const brand = await brandOf(host);
    expect(brand.favicon).toBe(brand.horizontal_logo);
  });

  it.each([
    ['an image kind this franchise never uploaded', { vertical_logo: 'vertical_logo' }, 'No vertical logo has been uploaded yet. Upload it first.'],
    ['a file of another franchise', { login_bg: 'whitelabel/1/login_bg' }, undefined],
    ['an outside address', { favicon: 'https://evil.example/icon.png' }, undefined],
    ['a product name over 60 characters', { product_name: 'x'.repeat(61) }, 'At most 60 characters.'],
    ['a field of another group', { support_email: 'a@b.example' }, undefined],
  ])('refuses %s with 400 and saves nothing', async (_, change, message) => {
    const before = await brandOf(host);
    const answer = await save(whiteLabel, 'LOGO_CONFIG', { ...LOGO, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: false });
    if (message) expect(JSON.stringify(answer.body)).toContain(message);
    expect(await brandOf(host)).toEqual(before);
  });

  it('refuses an ordinary user with 403 for both brand groups', async () => {
    const before = await brandOf(host);
    const logo = await save(ordinary, 'LOGO_CONFIG', { ...LOGO, product_name: 'Hijacked' });
    const org = await save(ordinary, 'ORG_CONFIG', { ...ORG, organisation_name: 'Hijacked' });
    expect(logo.status).toBe(403);
    expect(org.status).toBe(403);
    expect(await brandOf(host)).toEqual(before);
  });

  it("another franchise's broker panel cannot change this host's brand", async () => {
    const before = await brandOf(host);
    const otherPanel = await createTestUser({ frchId: 2, roles: { is_brokerpanel: true } });
    const answer = await save(otherPanel, 'LOGO_CONFIG', { ...LOGO, product_name: 'Other Brand' });
    expect(answer.status).toBe(401);
    expect(await brandOf(host)).toEqual(before);
  });

  it('shows the group to its editors with the saved slots, and names the changed fields in the activity log', async () => {
    const read = await api.call('GET', '/users/brokerpanelconfigs/getbrokerpanelconfigs?config_type=LOGO_CONFIG', { token: whiteLabel.token, host });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ data: { groups: [{ config_type: 'LOGO_CONFIG', editable: true, config: { product_name: 'Acme Trade' } }] } });
    const log = await api.call('POST', '/users/getuseractivities', { token: panel.token, host, body: {} });
    const notes = JSON.stringify((log.body as { data: unknown }).data);
    expect(notes).toContain('LOGO_CONFIG (favicon)');
  });
});
