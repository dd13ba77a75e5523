import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../shared/domain/otp';
import { ENV } from '../../shared/config/env-names';
import { nowMs, useClock } from '../../functions/platform/clock';
import { resetConfigForTests } from '../../functions/platform/config';
import { serveFiles } from '../../infra/local/files-server';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const filesDir = mkdtempSync(join(tmpdir(), 'tb-white-label-files-'));
process.env[ENV.filesDir] = filesDir;
resetConfigForTests();
const api = useGateway();
const TENANT_TWO = 'tenant-two.localhost';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('logo')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([12, 0, 0, 0]), Buffer.from('WEBPVP8 bg')]);

interface FilePart {
  readonly bytes: Buffer;
  readonly filename: string;
  readonly type?: string;
}

async function multipart(fields: Record<string, string>, files: Record<string, FilePart> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.filename);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { rawBody: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

async function setImage(who: TestUser, fields: Record<string, string>, files: Record<string, FilePart>, host?: string) {
  return api.call('POST', '/users/setwhitelabelimages', { token: who.token, ...(await multipart(fields, files)), ...(host ? { host } : {}) });
}

type Images = { horizontal_logo: string | null; vertical_logo: string | null; login_bg: string | null };

async function publicImages(host?: string): Promise<Images> {
  const answer = await api.call('GET', '/users/getwhitelabelimages', host ? { host } : {});
  expect(answer.status).toBe(200);
  return (answer.body as { data: Images }).data;
}

let whiteLabelOne: TestUser;
let panelTwo: TestUser;
let filesServer: Server;
let filesUrl = '';
beforeAll(async () => {
  whiteLabelOne = await createTestUser({ frchId: 1, roles: { is_white_label: true } });
  panelTwo = await createTestUser({ frchId: 2, roles: { is_brokerpanel: true } });
  filesServer = createServer((request, response) => void serveFiles(filesDir, request, response));
  await new Promise<void>((resolve) => filesServer.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(filesServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => filesServer.close(resolve));
  rmSync(filesDir, { recursive: true, force: true });
});

describe('white-label images', () => {
  it("sets an image of the caller's franchise, answers all three URLs and serves the bytes", async () => {
    // Act
    const answer = await setImage(whiteLabelOne, { image_type: 'horizontal_logo' }, { image: { bytes: PNG, filename: 'logo.webp', type: 'image/webp' } });
    // Assess
    expect(answer.status).toBe(200);
    const images = (answer.body as { data: Images }).data;
    expect(images.horizontal_logo).toMatch(/^\/files\/whitelabel\/1\/horizontal_logo\?v=\d+$/);
    expect(images).toMatchObject({ vertical_logo: null });
    const served = await fetch(`${filesUrl}${images.horizontal_logo ?? ''}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('answers the public read for the request host, without a token', async () => {
    const one = await publicImages();
    const two = await publicImages(TENANT_TWO);
    expect(one.horizontal_logo).toMatch(/^\/files\/whitelabel\/1\/horizontal_logo\?v=\d+$/);
    expect(two.horizontal_logo).toBeNull();
  });

  it("keeps each tenant's images apart: tenant two reads its own, not tenant one's", async () => {
    const set = await setImage(panelTwo, { image_type: 'vertical_logo' }, { image: { bytes: WEBP, filename: 'v.webp' } }, TENANT_TWO);
    expect(set.status).toBe(200);
    const two = await publicImages(TENANT_TWO);
    const one = await publicImages();
    expect(two.vertical_logo).toMatch(/^\/files\/whitelabel\/2\/vertical_logo\?v=\d+$/);
    expect(two.horizontal_logo).toBeNull();
    expect(one.vertical_logo).toBeNull();
    expect(one.horizontal_logo).toMatch(/\/whitelabel\/1\//);
  });

  it('replaces an image with a new version and keeps the others', async () => {
    const before = await publicImages();
    // The next upload is at a later instant: a new version.
    onTestFinished(useClock(new Date(nowMs() + 5)));
    const answer = await setImage(whiteLabelOne, { image_type: 'horizontal_logo' }, { image: { bytes: WEBP, filename: 'new.png' } });
    const bg = await setImage(whiteLabelOne, { image_type: 'login_bg' }, { image: { bytes: WEBP, filename: 'bg.webp' } });
    const after = (bg.body as { data: Images }).data;
    expect(answer.status).toBe(200);
    expect(after.horizontal_logo).not.toBe(before.horizontal_logo);
    expect(after.login_bg).toMatch(/^\/files\/whitelabel\/1\/login_bg\?v=\d+$/);
    expect(after.horizontal_logo).toBe((answer.body as { data: Images }).data.horizontal_logo);
  });

  it("records the activity 'Changed white-label images'", async () => {
    const log = await api.call('POST', '/users/getuseractivities', { token: whiteLabelOne.token, body: {} });
    const actions = (log.body as { data: { items: { action: string; ip: string }[] } }).data.items;
    expect(actions[0]).toMatchObject({ action: 'Changed white-label images', ip: '127.0.0.1' });
  });

  it('refuses an ordinary user with 403 and changes nothing', async () => {
    const before = await publicImages();
    const ordinary = await createTestUser();
    const parent = await createTestUser({ roles: { can_add_subuser: true } });
    for (const who of [ordinary, parent]) {
      const answer = await setImage(who, { image_type: 'vertical_logo' }, { image: { bytes: PNG, filename: 'x.png' } });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ status: false, error: { code: 'FORBIDDEN' } });
    }
    expect(await publicImages()).toEqual(before);
  });

  it.each([
    ['no file where one is required', { image_type: 'vertical_logo' }, {}, 400],
    ['an empty file input', { image_type: 'vertical_logo' }, { image: { bytes: Buffer.alloc(0), filename: '' } }, 400],
    ['no image type', {}, { image: { bytes: PNG, filename: 'x.png' } }, 400],
    ['an unknown image type', { image_type: 'app_icon' }, { image: { bytes: PNG, filename: 'x.png' } }, 400],
    ['an unknown text field', { image_type: 'vertical_logo', frch_id: '2' }, { image: { bytes: PNG, filename: 'x.png' } }, 400],
    ['a text file named .png', { image_type: 'vertical_logo' }, { image: { bytes: Buffer.from('<svg/>'), filename: 'x.png', type: 'image/png' } }, 400],
    ['an unknown file field', { image_type: 'vertical_logo' }, { image: { bytes: PNG, filename: 'x.png' }, logo: { bytes: PNG, filename: 'y.png' } }, 400],
    ['an image over 2 MB', { image_type: 'vertical_logo' }, { image: { bytes: Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]), filename: 'x.png' } }, 413],
  ])('answers %s with its status and changes nothing', async (_, fields, files, status) => {
    const before = await publicImages();
    const answer = await setImage(whiteLabelOne, fields, files);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ status: false });
    expect(await publicImages()).toEqual(before);
  });

  it("answers 'Only PNG, JPEG or WEBP images are allowed' and 'Image must be at most 2 MB'", async () => {
    const wrongType = await setImage(whiteLabelOne, { image_type: 'login_bg' }, { image: { bytes: Buffer.from('GIF89a...'), filename: 'bg.gif' } });
    const tooLarge = await setImage(whiteLabelOne, { image_type: 'login_bg' }, { image: { bytes: Buffer.concat([WEBP, Buffer.alloc(MAX_IMAGE_BYTES)]), filename: 'bg.webp' } });
    expect(wrongType.body).toMatchObject({ error: { message: 'Only PNG, JPEG or WEBP images are allowed' } });
    expect(tooLarge.body).toMatchObject({ error: { message: 'Image must be at most 2 MB' } });
  });

  it('answers 401 without a token and for a token used on another tenant host', async () => {
    const anonymous = await api.call('POST', '/users/setwhitelabelimages', await multipart({ image_type: 'login_bg' }, { image: { bytes: PNG, filename: 'a.png' } }));
    const elsewhere = await setImage(whiteLabelOne, { image_type: 'login_bg' }, { image: { bytes: PNG, filename: 'a.png' } }, TENANT_TWO);
    expect(anonymous.status).toBe(401);
    expect(elsewhere.status).toBe(401);
    expect((await publicImages(TENANT_TWO)).login_bg).toBeNull();
  });

  it('refuses unknown query parameters on the public read', async () => {
    const answer = await api.call('GET', '/users/getwhitelabelimages?frch_id=2');
    expect(answer.status).toBe(400);
  });
});
