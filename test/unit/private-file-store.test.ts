import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localPrivateFileStore, s3PrivateFileStore, type PrivateFile, type PrivateObjectClient } from '../../functions/platform/files/private-file-store';
import { receiptFileKey, RECEIPT_KEY_PREFIX } from '../../functions/bank-transfers/receipt-keys';

const dir = mkdtempSync(join(tmpdir(), 'tb-private-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An in-memory bucket in the shape the private store uses. */
function fakeBucket() {
  const objects = new Map<string, PrivateFile>();
  const client: PrivateObjectClient = {
    putObject: async (input) => objects.set(`${input.Bucket}/${input.Key}`, { bytes: Buffer.from(input.Body), contentType: input.ContentType }),
    getObject: async (input) => objects.get(`${input.Bucket}/${input.Key}`) ?? null,
    deleteObject: async (input) => objects.delete(`${input.Bucket}/${input.Key}`),
  };
  return { client, objects };
}

describe('private file store', () => {
  const key = receiptFileKey({ frchId: 3, userId: 41 }, '01JDZ0000000000000000TRF1', 'a1b2c3');

  it('builds receipt keys under receipts/, per franchise, user and claim, ending in the random part', () => {
    expect(key).toBe(`${RECEIPT_KEY_PREFIX}3/41/01JDZ0000000000000000TRF1-a1b2c3`);
  });

  it('keeps S3 objects at the bucket root (outside the served files/ prefix) and reads them back', async () => {
    const { client, objects } = fakeBucket();
    const store = s3PrivateFileStore(client, 'bucket');
    await store.put(key, Buffer.from('image'), 'image/png');
    expect([...objects.keys()]).toEqual([`bucket/${key}`]);
    expect(await store.read(key)).toEqual({ bytes: Buffer.from('image'), contentType: 'image/png' });
    await store.delete(key);
    expect(await store.read(key)).toBeNull();
  });

  it('refuses keys that could leave their folder', async () => {
    const store = s3PrivateFileStore(fakeBucket().client, 'bucket');
    await expect(store.put('receipts/../files/x', Buffer.from('x'), 'image/png')).rejects.toThrow('Invalid file key');
    await expect(localPrivateFileStore(dir).read('.meta/receipts')).rejects.toThrow('Invalid file key');
  });

  it('keeps local files with their type, answers null for a missing one, and deletes quietly', async () => {
    const store = localPrivateFileStore(dir);
    await store.put(key, Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    expect(await store.read(key)).toEqual({ bytes: Buffer.from([0xff, 0xd8, 0xff]), contentType: 'image/jpeg' });
    await store.delete(key);
    await store.delete(key);
    expect(await store.read(key)).toBeNull();
  });
});
