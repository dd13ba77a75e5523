/**
 * Key builders: the only place that knows how items are keyed (see docs/data-model.md).
 * Every user-owned item lives under the user's partition `FR#<frch>#U#<user>`, so tenant and
 * owner isolation hold by construction.
 */
export interface ItemKey {
  readonly PK: string;
  readonly SK: string;
}

const pad = (n: number, width = 10) => String(n).padStart(width, '0');

export const franchiseKeys = {
  item: (frchId: number): ItemKey => ({ PK: `FR#${frchId}`, SK: 'FRANCHISE' }),
  counter: (frchId: number, name: string): ItemKey => ({ PK: `FR#${frchId}`, SK: `COUNTER#${name}` }),
};

export const userKeys = {
  partition: (frchId: number, userId: number) => `FR#${frchId}#U#${userId}`,
  profile: (frchId: number, userId: number): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: 'PROFILE' }),
  /** GSI1: the franchise's users in id order. */
  franchiseListing: (frchId: number, userId: number) => ({ GSI1PK: `FR#${frchId}#USERS`, GSI1SK: `U#${pad(userId)}` }),
  emailLookup: (frchId: number, email: string): ItemKey => ({ PK: `FR#${frchId}#EMAIL#${email.toLowerCase()}`, SK: 'LOOKUP' }),
  mobileLookup: (frchId: number, mobile: string): ItemKey => ({ PK: `FR#${frchId}#MOBILE#${mobile}`, SK: 'LOOKUP' }),
};

export const connectionKeys = {
  item: (frchId: number, userId: number, connectionId: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `CONN#${connectionId}`,
  }),
  lookup: (connectionId: string): ItemKey => ({ PK: `CONN#${connectionId}`, SK: 'LOOKUP' }),
  /** GSI1: every connection by last activity, for the idle sweeper. */
  activity: (lastSeenIso: string, connectionId: string) => ({ GSI1PK: 'CONNS', GSI1SK: `${lastSeenIso}#${connectionId}` }),
};
