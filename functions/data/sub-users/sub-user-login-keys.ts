import { userKeys } from '../keys';

/**
 * A broker login a parent started for its sub-user's account (issue 19): in the parent's partition, by the
 * account's id, so the parent's `completebrokerlogin` finds whose account it is. TTL `expiresAt`.
 */
export const subUserLoginKeys = {
  item: (frchId: number, parentId: number, accountId: string) => ({ PK: userKeys.partition(frchId, parentId), SK: `SUBLOGIN#${accountId}` }),
};
