import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../platform/clients';
import type { ItemKey } from './keys';
import { tableName } from './table';

/**
 * Where a repository's single-item reads come from. By default the table (one consistent GetItem per
 * read); a caller that knows up front which items a piece of work will read (the signal worker: the
 * signal, its bridge, the order group, the target accounts) fetches them together in one consistent
 * BatchGetItem first, and every read of the work is answered from that batch — one round trip instead
 * of one per item. A read the batch did not cover goes to the table.
 */
export interface ItemSource {
  get(key: ItemKey): Promise<Record<string, unknown> | null>;
}

async function getItem(key: ItemKey): Promise<Record<string, unknown> | null> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return Item ?? null;
}

export const TABLE_ITEMS: ItemSource = { get: getItem };

/** BatchGetItem's limit of keys per request. */
const BATCH_GET_MAX_KEYS = 100;
/** Keys DynamoDB leaves unprocessed (throttling, size) are asked again, a few times. */
const MAX_BATCH_ATTEMPTS = 5;

const keyOf = (key: ItemKey): string => `${key.PK}\u0000${key.SK}`;

/** Reads up to 100 keys, asking again for whatever DynamoDB left unprocessed; answers the items found. */
async function batchGet(keys: readonly ItemKey[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let pending: readonly Record<string, unknown>[] = keys.map((key) => ({ PK: key.PK, SK: key.SK }));
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    if (attempt > MAX_BATCH_ATTEMPTS) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed after ${MAX_BATCH_ATTEMPTS} attempts`);
    const table = tableName();
    const answer = await dynamo().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: [...pending], ConsistentRead: true } } }));
    found.push(...(answer.Responses?.[table] ?? []));
    pending = answer.UnprocessedKeys?.[table]?.Keys ?? [];
  }
  return found;
}

/** Items fetched ahead in batches; a key never fetched is read from the table when asked for. */
export class PrefetchedItems implements ItemSource {
  private readonly fetched = new Map<string, Record<string, unknown> | null>();
  /** Keys whose batch is on its way: a read of one waits for the batch rather than asking the table again. */
  private readonly arriving = new Map<string, Promise<void>>();

  /** Fetches the keys not fetched (or being fetched) yet, deduplicated, 100 per BatchGetItem, the batches in parallel. */
  async prefetch(keys: readonly ItemKey[]): Promise<void> {
    const wanted = new Map<string, ItemKey>();
    for (const key of keys) if (!this.fetched.has(keyOf(key)) && !this.arriving.has(keyOf(key))) wanted.set(keyOf(key), key);
    const unique = [...wanted.values()];
    if (unique.length === 0) return;
    const chunks: ItemKey[][] = [];
    for (let start = 0; start < unique.length; start += BATCH_GET_MAX_KEYS) chunks.push(unique.slice(start, start + BATCH_GET_MAX_KEYS));
    const batch = Promise.all(chunks.map(batchGet)).then((items) => {
      for (const key of unique) this.fetched.set(keyOf(key), null);
      for (const item of items.flat()) this.fetched.set(keyOf({ PK: String(item.PK), SK: String(item.SK) }), item);
    });
    for (const key of wanted.keys()) this.arriving.set(key, batch);
    try {
      await batch;
    } finally {
      for (const key of wanted.keys()) this.arriving.delete(key);
    }
  }

  /**
   * Fetches `keys` in two steps (issue 22: a fan-out starts at once): the first `firstPage` at once, the
   * others once those are in, so the first page is not queued behind the rest. Every key counts as
   * arriving from the start, so a read of a later key waits for its own step instead of asking the table.
   * Answers when the first page is in; a failed step fails the reads waiting on it.
   */
  prefetchInPages(keys: readonly ItemKey[], firstPage: number): Promise<void> {
    const head = this.prefetch(keys.slice(0, firstPage));
    const later = new Map<string, ItemKey>();
    for (const key of keys.slice(firstPage)) if (!this.fetched.has(keyOf(key)) && !this.arriving.has(keyOf(key))) later.set(keyOf(key), key);
    if (later.size === 0) return head;
    const release = () => {
      for (const key of later.keys()) if (this.arriving.get(key) === tail) this.arriving.delete(key);
    };
    // Released just before their own batch registers them (synchronously, in `prefetch`).
    const tail: Promise<void> = head.then(() => {
      release();
      return this.prefetch([...later.values()]);
    });
    for (const key of later.keys()) this.arriving.set(key, tail);
    tail.catch(release);
    return head;
  }

  async get(key: ItemKey): Promise<Record<string, unknown> | null> {
    await this.arriving.get(keyOf(key));
    const known = this.fetched.get(keyOf(key));
    return known !== undefined ? known : getItem(key);
  }
}
