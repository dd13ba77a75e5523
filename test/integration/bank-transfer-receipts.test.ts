import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../shared/config/env-names';
import { MAX_IMAGE_BYTES } from '../../shared/domain/otp';
import { attachReceipt } from '../../functions/data/bank-transfers/bank-transfer-receipts-repository';
import { getBankTransfer } from '../../functions/data/bank-transfers/bank-transfers-repository';
import { now } from '../../functions/platform/clock';
import { resetConfigForTests } from '../../functions/platform/config';
import { LOCAL_PRIVATE_FILES_FOLDER } from '../../functions/platform/files/private-file-store';
import { serveFiles } from '../../infra/local/files-server';
import { useGateway } from '../support/gateway';
import { multipartForm, TEST_PNG, type TestFilePart } from '../support/multipart-form';
import { createTestUser, type TestUser } from '../support/users';

const filesDir = mkdtempSync(join(tmpdir(), 'tb-receipt-files-'));
process.env[ENV.filesDir] = filesDir;
resetConfigForTests();
const api = useGateway();
const SECOND_TENANT_HOST = 'tenant-two.localhost';

const BANK = { account_name: 'TradeBridge Pvt Ltd', account_number: '001234567890', ifsc: 'HDFC0001234', bank_name: 'HDFC Bank', branch: 'Fort, Mumbai' };
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('receipt-jpeg')]);
const freshUtr = () => `R${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
const hostOf = (who: TestUser) => (who.user.frch_id === 2 ? { host: SECOND_TENANT_HOST } : {});

async function multipart(fields: Record<string, string>, files: Record<string, TestFilePart>) {
  const { rawBody, contentType } = await multipartForm(fields, files);
  return { rawBody, headers: { 'content-type': contentType } };
}

const upload = async (who: TestUser, transferId: string, file: TestFilePart) =>
  api.call('POST', '/payment/uploadbanktransferreceipt', { token: who.token, ...hostOf(who), ...(await multipart({ transfer_id: transferId }, { receipt: file })) });
const ownReceipt = (who: TestUser, transferId: string) => api.call('POST', '/payment/getbanktransferreceipt', { token: who.token, body: { transfer_id: transferId }, ...hostOf(who) });
const franchiseReceipt = (who: TestUser, transferId: string) =>
  api.call('POST', '/payment/getfranchisebanktransferreceipt', { token: who.token, body: { transfer_id: transferId }, ...hostOf(who) });
const imageOf = (answer: { body: unknown }) => Buffer.from((answer.body as { data: { image_base64: string } }).data.image_base64, 'base64');

async function panelOf(): Promise<TestUser> {
  const panel = await createTestUser({ roles: { is_brokerpanel: true } });
  const saved = await api.call('POST', '/users/brokerpanelconfigs/updatebankdetails', { token: panel.token, body: BANK });
  expect(saved.status).toBe(200);
  return panel;
}

async function claimOf(who: TestUser): Promise<string> {
  const answer = await api.call('POST', '/payment/submitbanktransfer', { token: who.token, body: { amount_paise: 75_000, utr: freshUtr() }, ...hostOf(who) });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body).toMatchObject({ data: { receipt: null } });
  return (answer.body as { data: { transfer_id: string } }).data.transfer_id;
}

/** The receipt files kept for a user (in the private folder), by name. */
function storedReceiptFiles(who: TestUser): string[] {
  const folder = join(filesDir, LOCAL_PRIVATE_FILES_FOLDER, 'receipts', String(who.user.frch_id), String(who.user.user_id));
  return existsSync(folder) ? readdirSync(folder) : [];
}

const storedClaim = (who: TestUser, transferId: string) => getBankTransfer({ frchId: who.user.frch_id, userId: who.user.user_id }, transferId);

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

describe('bank transfer receipts', () => {
  it('the owner attaches a receipt (typed by its bytes); the owner and the broker panel read it; the files server never serves it', async () => {
    // Prepare
    const panel = await panelOf();
    const user = await createTestUser();
    const transferId = await claimOf(user);
    // Act: a PNG sent under a .jpg name and a JPEG content type
    const attached = await upload(user, transferId, { bytes: TEST_PNG, filename: 'receipt.jpg', type: 'image/jpeg' });
    // Assess
    expect(attached.status, attached.text).toBe(200);
    expect(attached.body).toMatchObject({ status: true, data: { transfer_id: transferId, state: 'pending', receipt: { content_type: 'image/png' } } });
    const stored = await storedClaim(user, transferId);
    expect(stored?.receipt?.key).toMatch(new RegExp(`^receipts/1/${user.user.user_id}/${transferId}-[0-9a-f]{32}$`));
    expect(attached.text).not.toContain(stored?.receipt?.key ?? 'no key');

    const asOwner = await ownReceipt(user, transferId);
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toMatchObject({ data: { transfer_id: transferId, content_type: 'image/png', size_bytes: TEST_PNG.length } });
    expect(imageOf(asOwner).equals(TEST_PNG)).toBe(true);
    const asPanel = await franchiseReceipt(panel, transferId);
    expect(asPanel.status).toBe(200);
    expect(imageOf(asPanel).equals(TEST_PNG)).toBe(true);

    const listed = await api.call('POST', '/payment/getfranchisebanktransfers', { token: panel.token, body: { state: 'pending' } });
    const row = (listed.body as { data: { items: { transfer_id: string; receipt: unknown }[] } }).data.items.find((item) => item.transfer_id === transferId);
    expect(row?.receipt).toMatchObject({ content_type: 'image/png' });
    const own = await api.call('POST', '/payment/getbanktransfers', { token: user.token, body: {} });
    expect(own.body).toMatchObject({ data: { items: [{ transfer_id: transferId, receipt: { content_type: 'image/png' } }] } });

    for (const path of [`/files/${stored?.receipt?.key ?? ''}`, `/files/${LOCAL_PRIVATE_FILES_FOLDER}/${stored?.receipt?.key ?? ''}`]) {
      expect((await fetch(`${filesUrl}${path}`)).status, path).toBe(404);
    }
    const activities = await api.call('POST', '/users/getuseractivities', { token: user.token, body: {} });
    expect(JSON.stringify(activities.body)).toContain('Attached a bank transfer receipt');
  });

  it('a second receipt replaces the first, whose file is removed', async () => {
    await panelOf();
    const user = await createTestUser();
    const transferId = await claimOf(user);
    expect((await upload(user, transferId, { bytes: TEST_PNG, filename: 'a.png' })).status).toBe(200);
    const replaced = await upload(user, transferId, { bytes: JPEG, filename: 'b.jpg' });
    expect(replaced.body).toMatchObject({ data: { receipt: { content_type: 'image/jpeg' } } });
    expect(storedReceiptFiles(user)).toHaveLength(1);
    expect(imageOf(await ownReceipt(user, transferId)).equals(JPEG)).toBe(true);
  });

  it('refuses a non-image (400) and an image over 2 MB (413) in the envelope, storing nothing', async () => {
    await panelOf();
    const user = await createTestUser();
    const transferId = await claimOf(user);
    const text = await upload(user, transferId, { bytes: Buffer.from('not an image at all'), filename: 'receipt.png', type: 'image/png' });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ status: false, error: { code: 'VALIDATION_FAILED', message: 'Only PNG, JPEG or WEBP images are allowed', details: [{ path: 'receipt' }] } });
    const large = await upload(user, transferId, { bytes: Buffer.concat([TEST_PNG, Buffer.alloc(MAX_IMAGE_BYTES + 1 - TEST_PNG.length)]), filename: 'big.png' });
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ status: false, error: { code: 'PAYLOAD_TOO_LARGE', message: 'Image must be at most 2 MB' } });
    const noFile = await api.call('POST', '/payment/uploadbanktransferreceipt', { token: user.token, ...(await multipart({ transfer_id: transferId }, {})) });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ status: false, error: { code: 'VALIDATION_FAILED', details: [{ path: 'receipt' }] } });
    const asJson = await api.call('POST', '/payment/uploadbanktransferreceipt', { token: user.token, body: { transfer_id: transferId } });
    expect(asJson.status).toBe(415);
    const badId = await upload(user, 'not-a-transfer', { bytes: TEST_PNG, filename: 'a.png' });
    expect(badId.status).toBe(400);
    expect((await storedClaim(user, transferId))?.receipt).toBeNull();
    expect(storedReceiptFiles(user)).toEqual([]);
    expect(await ownReceipt(user, transferId)).toMatchObject({ status: 404, body: { status: false, error: { code: 'NOT_FOUND', message: 'No receipt was attached to this bank transfer.' } } });
  });

  it('a decided claim takes no receipt (409, nothing stored), and keeps the one it had', async () => {
    const panel = await panelOf();
    const user = await createTestUser();
    const rejected = await claimOf(user);
    const approved = await claimOf(user);
    expect((await upload(user, approved, { bytes: TEST_PNG, filename: 'a.png' })).status).toBe(200);
    expect((await api.call('POST', '/payment/rejectbanktransfer', { token: panel.token, body: { transfer_id: rejected, reason: 'No such credit on our statement' } })).status).toBe(200);
    expect((await api.call('POST', '/payment/approvebanktransfer', { token: panel.token, body: { transfer_id: approved } })).status).toBe(200);
    for (const transferId of [rejected, approved]) {
      const late = await upload(user, transferId, { bytes: JPEG, filename: 'late.jpg' });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ status: false, error: { code: 'CONFLICT', message: expect.stringContaining('already been decided') } });
    }
    expect(storedReceiptFiles(user)).toHaveLength(1);
    expect(imageOf(await franchiseReceipt(panel, approved)).equals(TEST_PNG)).toBe(true);
    expect((await storedClaim(user, rejected))?.receipt).toBeNull();
    // The write itself is conditional too: a claim decided between the check and the write takes nothing.
    const owner = { frchId: user.user.frch_id, userId: user.user.user_id };
    expect(await attachReceipt(owner, rejected, { key: `receipts/1/${owner.userId}/${rejected}-late`, content_type: 'image/png', uploaded_at: now().toISOString() }, now())).toEqual({ kind: 'not-pending' });
    expect((await storedClaim(user, rejected))?.receipt).toBeNull();
  });

  it('another user, another franchise and its broker panel get 404; an ordinary user cannot use the broker-panel read (403)', async () => {
    await panelOf();
    // Another franchise's broker panel (its bank details stay unsaved: other files read franchise 2 as having none).
    const foreignPanel = await createTestUser({ frchId: 2, roles: { is_brokerpanel: true } });
    const owner = await createTestUser();
    const stranger = await createTestUser();
    const strangerPanel = await createTestUser({ roles: { is_brokerpanel: true } });
    const foreigner = await createTestUser({ frchId: 2 });
    const transferId = await claimOf(owner);
    expect((await upload(owner, transferId, { bytes: TEST_PNG, filename: 'a.png' })).status).toBe(200);

    for (const who of [stranger, strangerPanel, foreigner]) {
      expect((await ownReceipt(who, transferId)).status, `own read as ${who.user.user_id}`).toBe(404);
      const overwrite = await upload(who, transferId, { bytes: JPEG, filename: 'b.jpg' });
      expect(overwrite.status, `upload as ${who.user.user_id}`).toBe(404);
      expect(overwrite.body).toMatchObject({ status: false, error: { code: 'NOT_FOUND', message: 'Bank transfer not found' } });
    }
    const asForeignPanel = await franchiseReceipt(foreignPanel, transferId);
    expect(asForeignPanel.status).toBe(404);
    expect(asForeignPanel.text).not.toContain(TEST_PNG.toString('base64'));
    const asUser = await franchiseReceipt(stranger, transferId);
    expect(asUser.status).toBe(403);
    expect(asUser.body).toMatchObject({ status: false, error: { code: 'FORBIDDEN' } });
    expect((await franchiseReceipt(strangerPanel, transferId)).status).toBe(200);
    expect(imageOf(await ownReceipt(owner, transferId)).equals(TEST_PNG)).toBe(true);
    expect(storedReceiptFiles(stranger)).toEqual([]);
  });
});
