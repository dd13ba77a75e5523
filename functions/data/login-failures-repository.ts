import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { TABLE_SCHEMA } from '../../shared/config/table';
import { dynamo } from '../platform/clients';
import { loginFailureKeys, type ItemKey } from './keys';
import { isConditionFailure, tableName } from './table';

/**
 * Login failure records (docs/data-model.md): how many failures a subject (a login name from one
 * address, an address, a login name) has had since it was last forgotten, when the last one was, and
 * the instant before which its next attempt waits. A record whose last failure is older than the
 * memory counts as none. Every change is one conditional update.
 */
export type FailureSubjectKind = 'pair' | 'address' | 'account';

export interface FailureSubject {
  readonly kind: FailureSubjectKind;
  readonly id: string;
}

export interface FailureRecord {
  readonly failures: number;
  readonly lastFailureMs: number;
  readonly nextAllowedMs: number;
}

const recordSchema = z.object({ failures: z.number().int(), last_failure_ms: z.number(), next_allowed_ms: z.number().default(0) });
const NONE: FailureRecord = { failures: 0, lastFailureMs: 0, nextAllowedMs: 0 };

const keyOf = (subject: FailureSubject): ItemKey => loginFailureKeys.item(subject.kind, subject.id);
const expiryOf = (nowMs: number, memoryMs: number, nextAllowedMs = 0) => Math.ceil(Math.max(nowMs + memoryMs, nextAllowedMs) / 1000);

/** The subject's record; none (zeros) when there is no record or its last failure is past the memory. */
export async function readFailures(subject: FailureSubject, nowMs: number, memoryMs: number): Promise<FailureRecord> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keyOf(subject), ConsistentRead: true }));
  if (!Item) return NONE;
  const item = recordSchema.parse(Item);
  if (nowMs - item.last_failure_ms > memoryMs) return { ...NONE, nextAllowedMs: item.next_allowed_ms };
  return { failures: item.failures, lastFailureMs: item.last_failure_ms, nextAllowedMs: item.next_allowed_ms };
}

/**
 * Counts an attempt as a failure before its outcome is known, only if the record is still as read
 * (`seen`): two concurrent attempts on one subject cannot both pass. Sets when the next may start.
 * False when another attempt changed the record first.
 */
export async function reserveFailure(subject: FailureSubject, seen: FailureRecord, nextAllowedMs: number, nowMs: number, memoryMs: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(subject),
        UpdateExpression: 'SET failures = :next, last_failure_ms = :now, next_allowed_ms = :allowed, entity = :entity, #ttl = :expires',
        ConditionExpression: seen.lastFailureMs === 0 ? 'attribute_not_exists(failures) OR last_failure_ms < :stale' : 'failures = :seen AND last_failure_ms = :seenAt',
        ExpressionAttributeNames: { '#ttl': TABLE_SCHEMA.ttlAttribute },
        ExpressionAttributeValues: {
          ':next': seen.failures + 1,
          ':now': nowMs,
          ':allowed': nextAllowedMs,
          ':entity': 'login-failures',
          ':expires': expiryOf(nowMs, memoryMs, nextAllowedMs),
          ...(seen.lastFailureMs === 0 ? { ':stale': nowMs - memoryMs } : { ':seen': seen.failures, ':seenAt': seen.lastFailureMs }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Adds a failure (starting afresh past the memory) and answers the count it reached. */
export async function addFailure(subject: FailureSubject, nowMs: number, memoryMs: number): Promise<number> {
  for (;;) {
    try {
      const { Attributes } = await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keyOf(subject),
          UpdateExpression: 'ADD failures :one SET last_failure_ms = :now, entity = :entity, #ttl = :expires',
          ConditionExpression: 'last_failure_ms >= :stale',
          ExpressionAttributeNames: { '#ttl': TABLE_SCHEMA.ttlAttribute },
          ExpressionAttributeValues: { ':one': 1, ':now': nowMs, ':stale': nowMs - memoryMs, ':entity': 'login-failures', ':expires': expiryOf(nowMs, memoryMs) },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(Attributes?.failures ?? 1);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    if (await startAfresh(subject, nowMs, memoryMs)) return 1;
  }
}

async function startAfresh(subject: FailureSubject, nowMs: number, memoryMs: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(subject),
        UpdateExpression: 'SET failures = :one, last_failure_ms = :now, next_allowed_ms = :zero, entity = :entity, #ttl = :expires',
        ConditionExpression: 'attribute_not_exists(last_failure_ms) OR last_failure_ms < :stale',
        ExpressionAttributeNames: { '#ttl': TABLE_SCHEMA.ttlAttribute },
        ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':now': nowMs, ':stale': nowMs - memoryMs, ':entity': 'login-failures', ':expires': expiryOf(nowMs, memoryMs) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Moves the subject's next allowed attempt later (never earlier). */
export async function delayUntil(subject: FailureSubject, nextAllowedMs: number, nowMs: number, memoryMs: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(subject),
        UpdateExpression: 'SET next_allowed_ms = :allowed, #ttl = :expires',
        ConditionExpression: 'attribute_exists(failures) AND (attribute_not_exists(next_allowed_ms) OR next_allowed_ms < :allowed)',
        ExpressionAttributeNames: { '#ttl': TABLE_SCHEMA.ttlAttribute },
        ExpressionAttributeValues: { ':allowed': nextAllowedMs, ':expires': expiryOf(nowMs, memoryMs, nextAllowedMs) },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Forgets the subject's failures (a success, a password reset). */
export async function forgetFailures(subject: FailureSubject): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keyOf(subject) }));
}
