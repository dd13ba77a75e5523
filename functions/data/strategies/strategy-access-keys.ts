import { userKeys, type ItemKey } from '../keys';

/**
 * How strategies are found and who may see them:
 * - the franchise's strategy directory, `FR#<frch>#STRATEGY` / `<group_id>` → the owner, written when a
 *   group becomes a strategy, so a viewer names a strategy by its group id alone and one Get finds the
 *   owner's partition (another franchise's group id is simply not in the caller's directory);
 * - a permission to view a PRIVATE strategy, in the owner's partition, `STRATPERM#<group_id>#<user id>`,
 *   so checking one viewer is one Get and a strategy's permissions are one begins_with.
 */
export const STRATEGY_PERMISSION_PREFIX = 'STRATPERM#';

const padUser = (userId: number) => String(userId).padStart(10, '0');

export const strategyAccessKeys = {
  directory: (frchId: number, grpId: string): ItemKey => ({ PK: `FR#${frchId}#STRATEGY`, SK: grpId }),
  permission: (frchId: number, ownerUserId: number, grpId: string, userId: number): ItemKey => ({
    PK: userKeys.partition(frchId, ownerUserId),
    SK: `${STRATEGY_PERMISSION_PREFIX}${grpId}#${padUser(userId)}`,
  }),
  permissionsPrefix: (grpId: string) => `${STRATEGY_PERMISSION_PREFIX}${grpId}#`,
};
