import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../shared/domain/otp';
import { getUser } from '../../functions/data/users-repository';
import { ENV } from '../../shared/config/env-names';
import { nowMs, useClock } from '../../functions/platform/clock';
import { resetConfigForTests } from '../../functions/platform/config';
import { serveFiles } from '../../infra/local/files-server';
import { useGateway } from '../support/gateway';
import { createTestUser, type TestUser } from '../support/users';

const filesDir = mkdtempSync(join(tmpdir(), 'tb-profile-files-'));
process.env[ENV.filesDir] = filesDir;
resetConfigForTests();
const api = useGateway();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png-body\r\n--not-a-boundary')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg-body')]);
const NAMES = { first_name: 'Asha', last_name: 'Rao', state: 'Maharashtra', city: 'Pune' };

interface FilePart {
  readonly bytes: Buffer;
  readonly filename: string;
  readonly type?: string;
}

/** Encodes a form exactly as a browser's FormData would. */
async function multipart(fields: Record<string, string>, files: Record<string, FilePart> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.filename);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return { rawBody: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

async function updateProfile(who: TestUser, fields: Record<string, string>, files: Record<string, FilePart> = {}) {
  return api.call('POST', '/users/updateuserprofile', { token: who.token, ...(await multipart(fields, files)) });
}

let filesServer: Server;
let filesUrl = '';
beforeAll(async () => {
  filesServer = createServer((request, response) => void serveFiles(filesDir, request, response));
  await new Promise<void>((resolve) => filesServer.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(filesServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => filesServer.close(resolve));
  rmSync(filesDir, { recursive: true, force: true });
});

describe('POST /users/updateuserprofile', () => {
  it('updates names, place and age range and answers the profile', async () => {
    // Prepare
    const alice = await createTestUser();
    // Act
    const answer = await updateProfile(alice, { ...NAMES, age_range: '18-30' });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: true,
      result: 'Profile updated successfully',
      data: { user_id: alice.user.user_id, ...NAMES, age_range: '18-30', profile_image: null, mobile_no: alice.user.mobile_no },
    });
    expect(answer.text).not.toContain('password_hash');
    const stored = await getUser(1, alice.user.user_id);
    expect(stored).toMatchObject({ ...NAMES, age_range: '18-30', email: alice.user.email });
  });

  it('trims text values and keeps the stored age range when none is sent', async () => {
    const alice = await createTestUser();
    await updateProfile(alice, { ...NAMES, age_range: '30-50' });
    const answer = await updateProfile(alice, { ...NAMES, first_name: '  Meera  ' });
    expect(answer.body).toMatchObject({ data: { first_name: 'Meera', age_range: '30-50' } });
  });

  it('stores the picture at the user location, versioned, and serves it with the content type of its bytes', async () => {
    // Prepare: a PNG sent under a .jpg name and a JPEG content type
    const alice = await createTestUser();
    // Act
    const answer = await updateProfile(alice, NAMES, { profile: { bytes: PNG, filename: 'me.jpg', type: 'image/jpeg' } });
    // Assess
    expect(answer.status).toBe(200);
    const { profile_image } = (answer.body as { data: { profile_image: string } }).data;
    expect(profile_image).toMatch(new RegExp(`^/files/profile/1/${alice.user.user_id}\\?v=\\d+$`));
    expect((await getUser(1, alice.user.user_id))?.profile_image).toBe(profile_image);
    const served = await fetch(`${filesUrl}${profile_image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('no-cache');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('replaces the picture at the same location with a new version', async () => {
    const alice = await createTestUser();
    const first = await updateProfile(alice, NAMES, { profile: { bytes: PNG, filename: 'a.png' } });
    // The next upload is at a later instant: a new version.
    onTestFinished(useClock(new Date(nowMs() + 5)));
    const second = await updateProfile(alice, NAMES, { profile: { bytes: JPEG, filename: 'b.png' } });
    const urlOf = (answer: { body: unknown }) => (answer.body as { data: { profile_image: string } }).data.profile_image;
    expect(urlOf(first).split('?')[0]).toBe(urlOf(second).split('?')[0]);
    expect(urlOf(first)).not.toBe(urlOf(second));
    const served = await fetch(`${filesUrl}${urlOf(second)}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it('keeps the picture when a later update sends none (an empty file input)', async () => {
    const alice = await createTestUser();
    const first = await updateProfile(alice, NAMES, { profile: { bytes: PNG, filename: 'a.png' } });
    const later = await updateProfile(alice, { ...NAMES, city: 'Nashik' }, { profile: { bytes: Buffer.alloc(0), filename: '' } });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ data: { city: 'Nashik', profile_image: (first.body as { data: { profile_image: string } }).data.profile_image } });
  });

  it('answers HEAD 404 for a user without a picture, so the SPA shows the initial letter', async () => {
    const bob = await createTestUser();
    const head = await fetch(`${filesUrl}/files/profile/1/${bob.user.user_id}?v=${nowMs()}`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('accepts the current mobile number and refuses a new one with 422', async () => {
    const alice = await createTestUser();
    const same = await updateProfile(alice, { ...NAMES, mobile_no: alice.user.mobile_no });
    expect(same.status).toBe(200);
    const other = await updateProfile(alice, { ...NAMES, first_name: 'Changed', mobile_no: '9876543210' });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ status: false, error: { code: 'BUSINESS_RULE', message: 'Use Change mobile number to update your mobile number.' } });
    expect(await getUser(1, alice.user.user_id)).toMatchObject({ mobile_no: alice.user.mobile_no, first_name: 'Asha' });
  });

  it('writes the activity entry with the caller IP', async () => {
    const alice = await createTestUser();
    await updateProfile(alice, NAMES);
    const log = await api.call('POST', '/users/getuseractivities', { token: alice.token, body: {} });
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({
      data: { items: [{ action: 'Updated profile', operation: 'users.updateuserprofile', ip: '127.0.0.1' }], next_cursor: null },
    });
  });
});

describe('POST /users/updateuserprofile refuses bad input and changes nothing', () => {
  async function expectUnchanged(who: TestUser) {
    expect(await getUser(1, who.user.user_id)).toMatchObject({ first_name: 'Test', last_name: 'User', profile_image: null, is_brokerpanel: false });
  }

  it.each([
    ['a missing required field', { last_name: 'Rao', state: 'MH', city: 'Pune' }, 'first_name'],
    ['an empty first name', { ...NAMES, first_name: '   ' }, 'first_name'],
    ['an age range outside the list', { ...NAMES, age_range: 'Teen' }, 'age_range'],
    ['a malformed mobile number', { ...NAMES, mobile_no: '12345' }, 'mobile_no'],
    ['an unknown field (no mass assignment)', { ...NAMES, is_brokerpanel: 'true' }, ''],
    ['a name over 50 characters', { ...NAMES, last_name: 'x'.repeat(51) }, 'last_name'],
  ])('400 for %s', async (_, fields, path) => {
    const alice = await createTestUser();
    const answer = await updateProfile(alice, fields);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: false, error: { code: 'VALIDATION_FAILED' } });
    if (path) expect((answer.body as { error: { details: { path: string }[] } }).error.details.map((d) => d.path)).toContain(path);
    await expectUnchanged(alice);
  });

  it("400 'Only PNG, JPEG or WEBP images are allowed' for a text file named .png", async () => {
    const alice = await createTestUser();
    const answer = await updateProfile(alice, NAMES, { profile: { bytes: Buffer.from('just some text'), filename: 'photo.png', type: 'image/png' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { message: 'Only PNG, JPEG or WEBP images are allowed' } });
    await expectUnchanged(alice);
    const head = await fetch(`${filesUrl}/files/profile/1/${alice.user.user_id}`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it("413 'Image must be at most 2 MB' just over the limit and far over it", async () => {
    const alice = await createTestUser();
    for (const size of [MAX_IMAGE_BYTES + 1, 3 * 1024 * 1024]) {
      const bytes = Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
      const answer = await updateProfile(alice, NAMES, { profile: { bytes, filename: 'big.png' } });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ status: false, error: { code: 'PAYLOAD_TOO_LARGE', message: 'Image must be at most 2 MB' } });
    }
    await expectUnchanged(alice);
  });

  it('accepts an image of exactly 2 MB', async () => {
    const alice = await createTestUser();
    const bytes = Buffer.concat([JPEG, Buffer.alloc(MAX_IMAGE_BYTES - JPEG.length)]);
    const answer = await updateProfile(alice, NAMES, { profile: { bytes, filename: 'max.jpg' } });
    expect(answer.status).toBe(200);
  });

  it('400 for a file sent in a text field and for an unknown file field', async () => {
    const alice = await createTestUser();
    const inTextField = await updateProfile(alice, { last_name: 'Rao', state: 'MH', city: 'Pune' }, { first_name: { bytes: PNG, filename: 'a.png' } });
    const unknownFile = await updateProfile(alice, NAMES, { avatar: { bytes: PNG, filename: 'a.png' } });
    for (const answer of [inTextField, unknownFile]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ status: false, error: { code: 'VALIDATION_FAILED' } });
    }
    await expectUnchanged(alice);
  });

  it('400 for a field sent twice', async () => {
    const alice = await createTestUser();
    const boundary = 'dup-boundary';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const rawBody = `${part('first_name', 'A')}${part('first_name', 'B')}${part('last_name', 'R')}${part('state', 'S')}${part('city', 'C')}--${boundary}--\r\n`;
    const answer = await api.call('POST', '/users/updateuserprofile', {
      token: alice.token,
      rawBody,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(answer.status).toBe(400);
    await expectUnchanged(alice);
  });

  it('400 for a malformed multipart body, 415 for JSON, 401 without a token', async () => {
    const alice = await createTestUser();
    const truncated = await api.call('POST', '/users/updateuserprofile', {
      token: alice.token,
      rawBody: '--b\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nAsha',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(truncated.status).toBe(400);
    expect(truncated.body).toMatchObject({ status: false, error: { code: 'BAD_REQUEST' } });
    const noBoundary = await api.call('POST', '/users/updateuserprofile', {
      token: alice.token,
      rawBody: 'first_name=Asha',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.status).toBe(400);
    const json = await api.call('POST', '/users/updateuserprofile', { token: alice.token, body: NAMES });
    expect(json.status).toBe(415);
    const anonymous = await api.call('POST', '/users/updateuserprofile', await multipart(NAMES));
    expect(anonymous.status).toBe(401);
    await expectUnchanged(alice);
  });
});
