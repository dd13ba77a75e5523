import { randomInt } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../platform/clients';
import { referralKeys } from './keys';
import { tableName } from './table';

/** Letters and digits that cannot be mistaken for one another (no I, L, O, 0, 1). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

export function generateReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** Codes are typed by people: compare them trimmed and upper-case. */
export function normaliseReferralCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The user a referral code belongs to in this franchise, or null. */
export async function findReferrerId(frchId: number, code: string): Promise<number | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: referralKeys.codeLookup(frchId, normaliseReferralCode(code)) }),
  );
  return typeof Item?.user_id === 'number' ? Item.user_id : null;
}
