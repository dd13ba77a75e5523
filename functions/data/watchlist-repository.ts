import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import * as z from 'zod';
import { instrumentSchema, type Instrument } from '../../shared/domain/instruments';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { userKeys, watchlistKeys } from './keys';
import { queryAllPages, tableName, transactReportingFailedConditions } from './table';

/**
 * The watch list in the owner's partition (docs/data-model.md): an entry per script (`WATCH#<ulid>`,
 * holding a snapshot of the instrument), a lookup per script (`WATCHSCRIPT#<script_id>`) that makes a
 * script appear once, and a counter (`WATCHCOUNT`) that caps the list. Adding and removing change all
 * three in one transaction, so concurrent calls can neither duplicate a script nor pass the cap.
 */
export interface WatchlistOwner {
  readonly frchId: number;
  readonly userId: number;
}

export interface StoredWatchlistEntry {
  readonly watchlistId: string;
  readonly instrument: Instrument;
  readonly createdAt: string;
}

export type AddWatchlistOutcome =
  | { readonly kind: 'added'; readonly entry: StoredWatchlistEntry }
  | { readonly kind: 'already-listed' }
  | { readonly kind: 'full' };

const entryItemSchema = z.object({ watchlist_id: z.string(), instrument: instrumentSchema, createdAt: z.string() });

function toEntry(raw: Record<string, unknown>): StoredWatchlistEntry {
  const item = entryItemSchema.parse(raw);
  return { watchlistId: item.watchlist_id, instrument: item.instrument, createdAt: item.createdAt };
}



const COUNTER_ITEM = 0;
const SCRIPT_LOOKUP_ITEM = 1;

export async function addWatchlistEntry(owner: WatchlistOwner, instrument: Instrument, maxEntries: number, now = clockNow()): Promise<AddWatchlistOutcome> {
  const entry: StoredWatchlistEntry = { watchlistId: ulid(now.getTime()), instrument, createdAt: now.toISOString() };
  const { frchId, userId } = owner;
  const failed = await transactReportingFailedConditions([
    {
      Update: {
        TableName: tableName(),
        Key: watchlistKeys.counter(frchId, userId),
        UpdateExpression: 'ADD #entries :one SET entity = :entity, updatedAt = :now',
        ConditionExpression: 'attribute_not_exists(#entries) OR #entries < :max',
        ExpressionAttributeNames: { '#entries': 'entries' },
        ExpressionAttributeValues: { ':one': 1, ':entity': 'watchlist-counter', ':now': entry.createdAt, ':max': maxEntries },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...watchlistKeys.scriptLookup(frchId, userId, instrument.script_id), entity: 'watchlist-script', watchlist_id: entry.watchlistId, createdAt: entry.createdAt },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...watchlistKeys.entry(frchId, userId, entry.watchlistId), entity: 'watchlist-entry', watchlist_id: entry.watchlistId, instrument, createdAt: entry.createdAt },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]);
  if (failed.includes(SCRIPT_LOOKUP_ITEM)) return { kind: 'already-listed' };
  if (failed.includes(COUNTER_ITEM)) return { kind: 'full' };
  if (failed.length > 0) throw new Error(`Watch list entry id ${entry.watchlistId} already taken`);
  return { kind: 'added', entry };
}

/** The owner's entries, oldest first. */
export async function listWatchlistEntries(owner: WatchlistOwner): Promise<StoredWatchlistEntry[]> {
  const items = await queryAllPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userKeys.partition(owner.frchId, owner.userId), ':prefix': watchlistKeys.entryPrefix },
  });
  return items.map(toEntry);
}

/** Removes one of the owner's entries; false when the owner has no entry with that id (or it just went). */
export async function removeWatchlistEntry(owner: WatchlistOwner, watchlistId: string, now = clockNow()): Promise<boolean> {
  const { frchId, userId } = owner;
  const entryKey = watchlistKeys.entry(frchId, userId, watchlistId);
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: entryKey, ConsistentRead: true }));
  if (!Item) return false;
  const entry = toEntry(Item);
  const failed = await transactReportingFailedConditions([
    { Delete: { TableName: tableName(), Key: entryKey, ConditionExpression: 'attribute_exists(PK)' } },
    {
      Delete: {
        TableName: tableName(),
        Key: watchlistKeys.scriptLookup(frchId, userId, entry.instrument.script_id),
        ConditionExpression: 'watchlist_id = :id',
        ExpressionAttributeValues: { ':id': watchlistId },
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: watchlistKeys.counter(frchId, userId),
        UpdateExpression: 'ADD #entries :minusOne SET updatedAt = :now',
        ConditionExpression: '#entries > :zero',
        ExpressionAttributeNames: { '#entries': 'entries' },
        ExpressionAttributeValues: { ':minusOne': -1, ':now': now.toISOString(), ':zero': 0 },
      },
    },
  ]);
  return failed.length === 0;
}
