import { userKeys, type ItemKey } from '../keys';

/**
 * A group strategy's plans live in the owner's partition beside the group item:
 * `STRATPLAN#<grp_id>#<plan id>` (ids are ULIDs, so one Query of the group's prefix lists them oldest
 * first, and a group's plans never mix with another group's).
 */
export const STRATEGY_PLAN_PREFIX = 'STRATPLAN#';

export const strategyPlanKeys = {
  item: (frchId: number, userId: number, grpId: string, planId: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `${STRATEGY_PLAN_PREFIX}${grpId}#${planId}`,
  }),
  groupPrefix: (grpId: string) => `${STRATEGY_PLAN_PREFIX}${grpId}#`,
};
