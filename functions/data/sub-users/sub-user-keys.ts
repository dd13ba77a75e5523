/**
 * Keys of the sub-user hierarchy (issue 19, ADR 0013). A sub-user is an ordinary user whose profile names
 * its parent (`parent_user_id`); the profile also carries the GSI3 attributes below, so a parent's
 * sub-users are one Query in id order. The franchise's whole user list (broker panel) is GSI1.
 */
const pad = (n: number, width = 10) => String(n).padStart(width, '0');

export const subUserKeys = {
  /** GSI3 on a sub-user's profile: its parent's sub-users in id order. */
  parentListing: (frchId: number, parentId: number, userId: number) => ({
    GSI3PK: subUserKeys.parentPartition(frchId, parentId),
    GSI3SK: `U#${pad(userId)}`,
  }),
  parentPartition: (frchId: number, parentId: number) => `FR#${frchId}#PARENT#${parentId}`,
  /** How many sub-users the parent added: counted in each sub-user's creation transaction (the list's total without filters). */
  count: (frchId: number, parentId: number) => ({ PK: `FR#${frchId}#U#${parentId}`, SK: 'SUBUSERCOUNT' }),
};
