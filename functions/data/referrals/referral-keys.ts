import { userKeys, type ItemKey } from '../keys';

/**
 * Keys of referral rewards (issue 19), all in the referrer's own partition:
 * - `REFBAL`: the earnings balance and its running totals (integer paise);
 * - `REFEARN#<payment id>`: one earning per payment of a referred user (written once: the key is the payment);
 * - `REFCASH#<cash-out id>`: one cash-out; its GSI1 attributes list every cash-out of the franchise by time
 *   (the cash-out item carries no other GSI attribute).
 * None of these prefixes is a prefix of another sort key of the user's partition.
 */
export const referralRewardKeys = {
  balance: (frchId: number, userId: number): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: 'REFBAL' }),
  earning: (frchId: number, userId: number, paymentId: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `REFEARN#${paymentId}` }),
  earningPrefix: 'REFEARN#',
  cashout: (frchId: number, userId: number, cashoutId: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `REFCASH#${cashoutId}` }),
  cashoutPrefix: 'REFCASH#',
  /** GSI1 on a cash-out: the franchise's cash-outs, newest last by sort key. */
  franchiseCashouts: (frchId: number, createdIso: string, userId: number, cashoutId: string) => ({
    GSI1PK: referralRewardKeys.franchiseCashoutPartition(frchId),
    GSI1SK: `${createdIso}#${userId}#${cashoutId}`,
  }),
  franchiseCashoutPartition: (frchId: number) => `FR#${frchId}#REFCASHOUTS`,
  userPartition: (frchId: number, userId: number) => userKeys.partition(frchId, userId),
};
