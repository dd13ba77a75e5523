import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { paperStateKeys } from '../../../data/keys';
import { tableName } from '../../../data/table';
import { dynamo } from '../../../platform/clients';
import { now as clockNow } from '../../../platform/clock';
import { NotFoundError } from '../../../platform/errors';
import type { PaperAccountState } from '../account-state';
import { PaperStateConflictError, type LoadPaperAccount, type SavePaperAccount } from '../state-store';
import { newPaperStateAttributes, packPaperState, paperStateOfItem, type PaperAccountAddress } from './paper-state-item';
import { forgetPaperState, recentPaperState, rememberPaperState } from './recent-paper-states';

/**
 * The paper store port (`state-store.ts`) over DynamoDB: one item per account. `load` reads it
 * strongly consistent; `save` updates it only while `v` still equals the version that was loaded and
 * moves `v` on by one, so of two concurrent writers one wins and the other gets
 * `PaperStateConflictError` (the adapter then reloads and retries). `loadForChange` answers this
 * container's copy of what it last loaded or saved when it has one (recent-paper-states.ts): a change
 * then costs the engine one call, the versioned save, which also proves the copy current.
 */
export interface DynamoPaperStore {
  readonly load: LoadPaperAccount;
  readonly loadForChange: LoadPaperAccount;
  readonly save: SavePaperAccount;
}

/** The account's item is gone (never created, or the account was removed): 404 through the error mapper. */
export class PaperAccountNotFoundError extends NotFoundError {
  constructor() {
    super('Paper account not found');
  }
}

/**
 * Creates the item of a newly connected paper account at version 0 (for the broker-accounts code and
 * tests). Refuses to overwrite an existing account: answers false when one is already stored.
 */
export async function createPaperAccountItem(address: PaperAccountAddress, state: PaperAccountState, now = clockNow()): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...paperStateKeys.item(address.frchId, address.userId, address.accountId), ...newPaperStateAttributes(state, now) },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The version a failed save found stored, or null when the item no longer exists. */
function storedVersionOf(failure: ConditionalCheckFailedException): number | null {
  const stored = failure.Item?.v?.N;
  return stored === undefined ? null : Number(stored);
}

export function createDynamoPaperStore(address: PaperAccountAddress, clock: () => Date = clockNow): DynamoPaperStore {
  const key = paperStateKeys.item(address.frchId, address.userId, address.accountId);
  const copyKey = `${tableName()}/${key.PK}/${key.SK}`;
  const load: LoadPaperAccount = async () => {
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    if (!Item) {
      forgetPaperState(copyKey);
      throw new PaperAccountNotFoundError();
    }
    const stored = paperStateOfItem(Item);
    rememberPaperState(copyKey, stored);
    return stored;
  };
  return {
    load,
    loadForChange: async () => recentPaperState(copyKey) ?? load(),
    save: async (state, expectedVersion) => {
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key,
            // An item of the older form also drops its map (`state`) for the packed form.
            UpdateExpression: 'SET packed = :packed, v = :next, updatedAt = :now REMOVE #state',
            ConditionExpression: 'v = :expected',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':packed': packPaperState(state), ':next': expectedVersion + 1, ':expected': expectedVersion, ':now': clock().toISOString() },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        rememberPaperState(copyKey, { state, version: expectedVersion + 1 });
      } catch (error) {
        forgetPaperState(copyKey);
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        const storedVersion = storedVersionOf(error);
        if (storedVersion === null) throw new PaperAccountNotFoundError();
        throw new PaperStateConflictError(expectedVersion, storedVersion);
      }
    },
  };
}
