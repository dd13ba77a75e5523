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

export const activityKeys = {
  /** Newest first by sort key; a date range is a BETWEEN on the ISO timestamps. */
  item: (frchId: number, userId: number, atIso: string, id: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `ACT#${atIso}#${id}`,
  }),
  prefix: 'ACT#',
};

export const notificationKeys = {
  /** ULIDs sort by time, so the newest notification has the greatest sort key. */
  item: (frchId: number, userId: number, id: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `NOTIF#${id}` }),
  prefix: 'NOTIF#',
};

export const otpKeys = {
  /** One live code per purpose and account; a new request replaces the previous one. */
  item: (frchId: number, purpose: string, userId: number): ItemKey => ({ PK: `FR#${frchId}#OTP#${purpose}#U#${userId}`, SK: 'OTP' }),
};

export const rateLimitKeys = {
  /** A fixed window counter, e.g. scope `login-account`, key the account's login name. */
  window: (scope: string, key: string, windowStart: number): ItemKey => ({ PK: `RL#${scope}#${key}`, SK: `W#${windowStart}` }),
};

export const whiteLabelKeys = {
  images: (frchId: number): ItemKey => ({ PK: `FR#${frchId}`, SK: 'WHITELABEL#IMAGES' }),
};

/** Trading items the dashboard counts; their writers arrive with the broker and order issues. */
export const brokerAccountKeys = {
  item: (frchId: number, userId: number, accountId: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `BRK#${accountId}` }),
  prefix: 'BRK#',
};

export const orderKeys = {
  /** Orders by trading day (Asia/Kolkata yyyy-MM-dd), so "today's orders" is one begins_with. */
  item: (frchId: number, userId: number, tradingDay: string, orderId: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `ORD#${tradingDay}#${orderId}`,
  }),
  dayPrefix: (tradingDay: string) => `ORD#${tradingDay}#`,
};

/** OTPs asked for an identifier no account has: kept like real ones, so both answer alike (no enumeration). */
export const unknownAccountOtpKeys = {
  item: (frchId: number, purpose: string, identifierDigest: string): ItemKey => ({
    PK: `FR#${frchId}#OTP#${purpose}#ID#${identifierDigest}`,
    SK: 'OTP',
  }),
};

export const referralKeys = {
  /** Written in the user's transaction; enforces unique referral codes within a franchise. */
  codeLookup: (frchId: number, code: string): ItemKey => ({ PK: `FR#${frchId}#REFCODE#${code}`, SK: 'LOOKUP' }),
  /** GSI2 on a referred user's profile: the referrer's referred users in id order. */
  referredBy: (frchId: number, referrerId: number, userId: number) => ({
    GSI2PK: `FR#${frchId}#REFERRER#${referrerId}`,
    GSI2SK: `U#${pad(userId)}`,
  }),
};

export const ledgerKeys = {
  /** Wallet ledger entries, newest last by sort key; a date range is a BETWEEN on the ISO timestamps. */
  item: (frchId: number, userId: number, atIso: string, entryId: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `LEDGER#${atIso}#${entryId}`,
  }),
  prefix: 'LEDGER#',
};

/** A paper account's simulator state, beside its `BRK#` item; `v` versions every write (optimistic lock). */
export const paperStateKeys = {
  item: (frchId: number, userId: number, accountId: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `PAPER#${accountId}` }),
};

/**
 * GSI1 (sparse): connected real-broker sessions by the instant they end, for the expiry schedule. One
 * global partition per shard (the shard from the account id), so the schedule reads only what is due.
 */
export const brokerSessionIndexKeys = {
  shards: 4,
  partition: (shard: number) => `BRKSESS#${shard}`,
  entry: (shard: number, validUntilIso: string, frchId: number, userId: number, accountId: string) => ({
    GSI1PK: brokerSessionIndexKeys.partition(shard),
    GSI1SK: `${validUntilIso}#${frchId}#${userId}#${accountId}`,
  }),
};

/** A client's idempotency key for one operation on the user's money, written in the operation's transaction. */
export const idempotencyKeys = {
  item: (frchId: number, userId: number, operation: string, key: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `IDEMP#${operation}#${key}`,
  }),
};

/**
 * The watch list: one entry per script (ULID ids sort by the time they were added), a lookup per
 * script that keeps entries unique, and a counter that caps the list; all three change in one transaction.
 */
export const watchlistKeys = {
  entry: (frchId: number, userId: number, watchlistId: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `WATCH#${watchlistId}` }),
  entryPrefix: 'WATCH#',
  scriptLookup: (frchId: number, userId: number, scriptId: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `WATCHSCRIPT#${scriptId}`,
  }),
  counter: (frchId: number, userId: number): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: 'WATCHCOUNT' }),
};

/**
 * Lookup of an order by the broker's order id within one broker account: written in the same
 * transaction that records the order as SUBMITTED, so one broker order names at most one order.
 */
export const brokerOrderLookupKeys = {
  item: (frchId: number, userId: number, accountId: string, brokerOrderId: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `BRKORD#${accountId}#${brokerOrderId}`,
  }),
};

/**
 * Copy-trading groups in the owner's partition: the group item (settings, master, counters, and the
 * map of child accounts that keeps an account in a group once) and one item per child, keyed under
 * its group so the group's children are one begins_with. `GROUP#` does not prefix `GROUPCHILD#`.
 */
export const groupKeys = {
  group: (frchId: number, userId: number, grpId: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `GROUP#${grpId}` }),
  groupPrefix: 'GROUP#',
  child: (frchId: number, userId: number, grpId: string, grpBrokerId: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `GROUPCHILD#${grpId}#${grpBrokerId}`,
  }),
  childPrefix: (grpId: string) => `GROUPCHILD#${grpId}#`,
};

/**
 * Master mirroring (issue 5, part 3), in the owner's partition: one record per master order a group has
 * seen (`MIRROR#<grp>#<master account>#<broker order id>`, the claim that makes each copy happen once)
 * and the group's baseline (`MIRRORBASE#<grp>`: the master's book when it was connected, never copied).
 * Neither prefix is a prefix of `GROUP#`, `GROUPCHILD#` or `GROUPORDER#`.
 */
export const groupMirrorKeys = {
  record: (frchId: number, userId: number, grpId: string, accountId: string, brokerOrderId: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `MIRROR#${grpId}#${accountId}#${brokerOrderId}`,
  }),
  recordPrefix: (grpId: string, accountId: string) => `MIRROR#${grpId}#${accountId}#`,
  baseline: (frchId: number, userId: number, grpId: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `MIRRORBASE#${grpId}` }),
};

/**
 * Sparse indexes on a group item while it has a master, so nothing scans for mirrored groups:
 * GSI1 `GRPMASTERS#<shard>` lists every such group (the mirror schedule reads the shards), GSI2
 * `FR#<frch>#MASTER#<account>` the groups one account is master of (a broker's postback names the
 * account). The sort keys carry the owner, which the group item itself does not hold.
 */
export const groupMasterIndexKeys = {
  shards: 4,
  partition: (shard: number) => `GRPMASTERS#${shard}`,
  entry: (shard: number, frchId: number, userId: number, grpId: string) => ({
    GSI1PK: groupMasterIndexKeys.partition(shard),
    GSI1SK: `${frchId}#${userId}#${grpId}`,
  }),
  accountPartition: (frchId: number, accountId: string) => `FR#${frchId}#MASTER#${accountId}`,
  byAccount: (frchId: number, accountId: string, userId: number, grpId: string) => ({
    GSI2PK: groupMasterIndexKeys.accountPartition(frchId, accountId),
    GSI2SK: `${frchId}#${userId}#${grpId}`,
  }),
  /** The owner and group an entry's sort key names (both indexes use the same sort key). */
  ownerOf: (sortKey: string): { frchId: number; userId: number; grpId: string } | null => {
    const [frch, user, grpId] = sortKey.split('#');
    const frchId = Number(frch);
    const userId = Number(user);
    return grpId && Number.isInteger(frchId) && Number.isInteger(userId) ? { frchId, userId, grpId } : null;
  },
};

/**
 * The order manager (issue 6), in the owner's partition: one item per order group and one per
 * position, keyed under its group so a group's positions are one begins_with and all the owner's
 * positions another. `OMGROUP#` and `OMPOS#` prefix no other entity's keys (`POS#` is the broker
 * positions the dashboard counts; neither starts with `ORD#`).
 */
export const orderManagerKeys = {
  group: (frchId: number, userId: number, ogId: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `OMGROUP#${ogId}` }),
  groupPrefix: 'OMGROUP#',
  position: (frchId: number, userId: number, ogId: string, opId: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `OMPOS#${ogId}#${opId}`,
  }),
  positionPrefix: 'OMPOS#',
  groupPositionsPrefix: (ogId: string) => `OMPOS#${ogId}#`,
};

/**
 * JSON bridges (issue 6): the bridge item in the owner's partition (`JSONBRIDGE#` prefixes no other
 * entity's keys) and its webhook lookup, by franchise and bridge id (the URL's `{first}`), which
 * holds the owner and the SHA-256 hash of the key (the URL's `{second}`). Both change in one transaction.
 */
export const jsonBridgeKeys = {
  item: (frchId: number, userId: number, jsonBridgeId: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `JSONBRIDGE#${jsonBridgeId}` }),
  prefix: 'JSONBRIDGE#',
  webhookLookup: (frchId: number, jsonBridgeId: string): ItemKey => ({ PK: `FR#${frchId}#JSONBRIDGE#${jsonBridgeId}`, SK: 'LOOKUP' }),
};

/**
 * Webhook signals (issue 6), in the owner's partition, keyed by signal id (signal-identity.ts: derived
 * from the bridge, the sender's id or the body and its minute) so the conditional put that stores a
 * signal is also what makes a resend one signal. `SIGNAL#` prefixes no other entity's keys. GSI1 lists
 * one bridge's signals by arrival (JSON and custom bridge ids are both ULIDs, so they never collide),
 * GSI2 all the user's signals by arrival.
 */
export const signalKeys = {
  item: (frchId: number, userId: number, signalId: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `SIGNAL#${signalId}` }),
  prefix: 'SIGNAL#',
  bridgePartition: (frchId: number, userId: number, bridgeId: string) => `${userKeys.partition(frchId, userId)}#SIGNALS#${bridgeId}`,
  byBridge: (frchId: number, userId: number, bridgeId: string, receivedAtIso: string, signalId: string) => ({
    GSI1PK: signalKeys.bridgePartition(frchId, userId, bridgeId),
    GSI1SK: `${receivedAtIso}#${signalId}`,
  }),
  /** GSI2: all of one user's signals, every bridge, by arrival (the signal log's default view). */
  userPartition: (frchId: number, userId: number) => `${userKeys.partition(frchId, userId)}#SIGNALS`,
  byUser: (frchId: number, userId: number, receivedAtIso: string, signalId: string) => ({
    GSI2PK: signalKeys.userPartition(frchId, userId),
    GSI2SK: `${receivedAtIso}#${signalId}`,
  }),
};

/**
 * The position monitor's sparse index (issue 6): GSI1 on an order-manager position item while the
 * monitor has work on it (OPEN, WAITING for an LTP / CANDLE entry, an order in flight, or an exit whose
 * fill price is not known yet), removed in the write that ends that work. `OMWATCH#<shard>` lists them
 * (the shard from the position id), so a tick reads only the watched positions, never scans. The sort
 * key carries the owner, which the position item itself does not hold.
 */
export const orderManagerWatchKeys = {
  shards: 4,
  partition: (shard: number) => `OMWATCH#${shard}`,
  entry: (shard: number, frchId: number, userId: number, ogId: string, opId: string) => ({
    GSI1PK: orderManagerWatchKeys.partition(shard),
    GSI1SK: `${frchId}#${userId}#${ogId}#${opId}`,
  }),
  /** The owner, group and position an entry's sort key names. */
  refOf: (sortKey: string): { frchId: number; userId: number; ogId: string; opId: string } | null => {
    const [frch, user, ogId, opId] = sortKey.split('#');
    const frchId = Number(frch);
    const userId = Number(user);
    return ogId && opId && Number.isInteger(frchId) && Number.isInteger(userId) ? { frchId, userId, ogId, opId } : null;
  },
};

/**
 * Custom bridges (issue 6, ADR 0008), in the owner's partition: the bridge item `BRIDGE#<id>` and one
 * item per trigger `BRIDGETRIGGER#<bridge>#<trigger>`, keyed under its bridge so a bridge's triggers are
 * one begins_with (`BRIDGE#` is not a prefix of `BRIDGETRIGGER#`, and neither prefixes another entity's
 * keys). The webhook lookup is keyed by the SHA-256 hash of the key (the URL holds the key alone) and
 * names the owner and bridge; it is written, replaced and deleted in the bridge's own transactions.
 */
export const customBridgeKeys = {
  item: (frchId: number, userId: number, bridgeId: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `BRIDGE#${bridgeId}` }),
  prefix: 'BRIDGE#',
  trigger: (frchId: number, userId: number, bridgeId: string, triggerId: string): ItemKey => ({
    PK: userKeys.partition(frchId, userId),
    SK: `BRIDGETRIGGER#${bridgeId}#${triggerId}`,
  }),
  triggersPrefix: (bridgeId: string) => `BRIDGETRIGGER#${bridgeId}#`,
  webhookLookup: (frchId: number, keyHash: string): ItemKey => ({ PK: `FR#${frchId}#BRIDGEKEY#${keyHash}`, SK: 'LOOKUP' }),
};

/**
 * A bridge's signal retry window (issue 14): one item per (bridge, body digest) in the owner's partition,
 * naming the signal the body's first arrival became and when; expires by TTL once the window is past.
 */
export const signalRetryKeys = {
  item: (frchId: number, userId: number, bridgeId: string, bodyDigest: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `SIGRETRY#${bridgeId}#${bodyDigest}` }),
};

/**
 * Login failure records (issue 14): one item per throttled subject — `pair` (franchise, login name,
 * address), `address` (franchise, address), `account` (franchise, login name) — expiring by TTL.
 */
export const loginFailureKeys = {
  item: (kind: 'pair' | 'address' | 'account', subject: string): ItemKey => ({ PK: `LOGINFAIL#${kind}#${subject}`, SK: 'STATE' }),
};
