import { franchiseKeys, userKeys, type ItemKey } from '../keys';

/**
 * The kill switches' markers (issue 20): one item in the user's partition and one in the franchise's,
 * apart from the profile and franchise items, so the order path's condition check on them never
 * collides with a wallet or profile write of the same user.
 */
export const automationStopKeys = {
  user: (frchId: number, userId: number): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: 'AUTOSTOP' }),
  franchise: (frchId: number): ItemKey => ({ PK: franchiseKeys.item(frchId).PK, SK: 'AUTOSTOP' }),
};
