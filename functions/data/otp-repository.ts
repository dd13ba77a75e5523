import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { OtpPurpose } from '../../shared/domain/otp';
import { dynamo } from '../platform/clients';
import { now as clockNow } from '../platform/clock';
import { otpKeys, unknownAccountOtpKeys, type ItemKey } from './keys';
import { nowIso, tableName, writeIfConditionHolds } from './table';

/**
 * One-time codes: one live code per owner and purpose (a new one replaces it). Only an HMAC of
 * the code is stored. The owner is an account, or, for a forgot-password request naming no
 * account, a digest of the identifier, so such a request leaves the same trace as a real one.
 */
export type OtpOwner =
  | { readonly kind: 'account'; readonly userId: number }
  | { readonly kind: 'unknown'; readonly identifierDigest: string };

export interface StoredOtp {
  readonly codeHash: string;
  readonly attempts: number;
  /** Epoch seconds; also the item's TTL. */
  readonly expiresAt: number;
}

const storedOtpSchema = z.object({
  code_hash: z.string(),
  attempts: z.number().int().min(0),
  expiresAt: z.number().int(),
});

function keyOf(frchId: number, purpose: OtpPurpose, owner: OtpOwner): ItemKey {
  return owner.kind === 'account'
    ? otpKeys.item(frchId, purpose, owner.userId)
    : unknownAccountOtpKeys.item(frchId, purpose, owner.identifierDigest);
}

export async function putOtp(
  frchId: number,
  purpose: OtpPurpose,
  owner: OtpOwner,
  otp: Omit<StoredOtp, 'attempts'>,
  now = clockNow(),
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keyOf(frchId, purpose, owner),
        entity: 'otp',
        purpose,
        code_hash: otp.codeHash,
        attempts: 0,
        expiresAt: otp.expiresAt,
        createdAt: nowIso(now),
      },
    }),
  );
}

export async function getOtp(frchId: number, purpose: OtpPurpose, owner: OtpOwner): Promise<StoredOtp | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keyOf(frchId, purpose, owner), ConsistentRead: true }),
  );
  if (!Item) return null;
  const item = storedOtpSchema.parse(Item);
  return { codeHash: item.code_hash, attempts: item.attempts, expiresAt: item.expiresAt };
}

/** Counts a wrong try against the same code, while tries remain; false if the code changed or ran out. */
export async function recordWrongOtpTry(
  frchId: number,
  purpose: OtpPurpose,
  owner: OtpOwner,
  codeHash: string,
  maxTries: number,
): Promise<boolean> {
  return writeIfConditionHolds(() =>
    dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(frchId, purpose, owner),
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'code_hash = :hash AND attempts < :max',
        ExpressionAttributeValues: { ':one': 1, ':hash': codeHash, ':max': maxTries },
      }),
    ),
  );
}

/** Deletes the code if it is still this one with tries left: true for exactly one caller (single use). */
export async function consumeOtp(
  frchId: number,
  purpose: OtpPurpose,
  owner: OtpOwner,
  codeHash: string,
  maxTries: number,
): Promise<boolean> {
  return writeIfConditionHolds(() =>
    dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keyOf(frchId, purpose, owner),
        ConditionExpression: 'code_hash = :hash AND attempts < :max',
        ExpressionAttributeValues: { ':hash': codeHash, ':max': maxTries },
      }),
    ),
  );
}

/** Drops a spent or expired code, unless a new one has replaced it meanwhile. */
export async function deleteOtp(frchId: number, purpose: OtpPurpose, owner: OtpOwner, codeHash: string): Promise<void> {
  await writeIfConditionHolds(() =>
    dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keyOf(frchId, purpose, owner),
        ConditionExpression: 'code_hash = :hash',
        ExpressionAttributeValues: { ':hash': codeHash },
      }),
    ),
  );
}
