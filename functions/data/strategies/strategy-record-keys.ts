import { userKeys, type ItemKey } from '../keys';

/**
 * A group strategy's records live in the owner's partition beside the group item:
 * `STRATREC#<grp_id>#<record id>` (ids are ULIDs, so one backwards Query of the group's prefix lists
 * them newest first, and a group's records never mix with another group's).
 */
export const STRATEGY_RECORD_PREFIX = 'STRATREC#';

export const strategyRecordKeys = {
  item: (frchId: number, userId: number, grpId: string, recordId: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `${STRATEGY_RECORD_PREFIX}${grpId}#${recordId}`,
  }),
  partition: (frchId: number, userId: number) => userKeys.partition(frchId, userId),
  groupPrefix: (grpId: string) => `${STRATEGY_RECORD_PREFIX}${grpId}#`,
};
