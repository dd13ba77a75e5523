import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../platform/clients';
import { rateLimitKeys } from './keys';
import { isConditionFailure, tableName } from './table';

/**
 * Fixed-window counters: one item per scope, key and window start (epoch seconds), expiring by TTL
 * after the window. Every change is one conditional update, so concurrent callers never overshoot.
 */
export interface CounterWindow {
  readonly scope: string;
  readonly key: string;
  readonly windowStart: number;
  /** Epoch seconds after which the item may be dropped (TTL). */
  readonly expiresAt: number;
}

/** Adds one if the count is below `limit`; false (nothing changed) when the window is full. */
export async function incrementBelowLimit(window: CounterWindow, limit: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateLimitKeys.window(window.scope, window.key, window.windowStart),
        UpdateExpression: 'ADD #count :one SET entity = :entity, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':entity': 'rate-limit', ':expiresAt': window.expiresAt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives back one counted unit (an attempt that turned out not to count); never below zero. */
export async function decrement(window: CounterWindow): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateLimitKeys.window(window.scope, window.key, window.windowStart),
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function clearWindow(window: CounterWindow): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: tableName(), Key: rateLimitKeys.window(window.scope, window.key, window.windowStart) }),
  );
}
