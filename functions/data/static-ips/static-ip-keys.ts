import { brokerAccountKeys, userKeys, type ItemKey } from '../keys';

/**
 * Keys of static-IP slots (issue 20, ADR 0014). A franchise's pool is one partition `FR#<frch>#IPPOOL`:
 * a slot per `IP#<ip_id>` and an address guard per `IPADDR#<address>` (an address enters a pool once).
 * Each slot carries pointers for its state, on the existing overloaded indexes:
 * - GSI1 while it can be bought: `FR#<frch>#IPFREE#<version>` / `<available from ISO>#<ip_id>` (a
 *   quarantined slot's date is the end of its quarantine, so "buyable now" is one range Query);
 *   while assigned: `FR#<frch>#IPHOLDER#<holder>` / `IP#<ip_id>` (the holder's IPs, one Query);
 * - GSI2 while assigned: `FR#<frch>#IPOWNER#<owner>` / `IP#<ip_id>` (the buyer's IPs, allocated ones too);
 * - GSI3 while assigned: `IPRENEW#<shard>` / `<next action ISO>#<frch>#<ip_id>` — the renewal schedule's
 *   work: the renewal notice, then the renewal (or release) at expiry.
 */
const RENEWAL_SHARDS = 4;
/** Sorts before any ISO instant: a slot that was never assigned is buyable from the beginning of time. */
export const ALWAYS_AVAILABLE = '0000-00-00T00:00:00.000Z';

export const staticIpKeys = {
  poolPartition: (frchId: number) => `FR#${frchId}#IPPOOL`,
  slot: (frchId: number, ipId: string): ItemKey => ({ PK: staticIpKeys.poolPartition(frchId), SK: `IP#${ipId}` }),
  slotPrefix: 'IP#',
  addressGuard: (frchId: number, address: string): ItemKey => ({ PK: staticIpKeys.poolPartition(frchId), SK: `IPADDR#${address}` }),

  availablePartition: (frchId: number, version: string) => `FR#${frchId}#IPFREE#${version}`,
  available: (frchId: number, version: string, fromIso: string, ipId: string) => ({
    GSI1PK: staticIpKeys.availablePartition(frchId, version),
    GSI1SK: `${fromIso}#${ipId}`,
  }),
  /** The upper bound of "available at `nowIso`" on GSI1SK. */
  availableUntil: (nowIso: string) => `${nowIso}~`,

  holderPartition: (frchId: number, userId: number) => `FR#${frchId}#IPHOLDER#${userId}`,
  holder: (frchId: number, userId: number, ipId: string) => ({ GSI1PK: staticIpKeys.holderPartition(frchId, userId), GSI1SK: `IP#${ipId}` }),
  ownerPartition: (frchId: number, userId: number) => `FR#${frchId}#IPOWNER#${userId}`,
  owner: (frchId: number, userId: number, ipId: string) => ({ GSI2PK: staticIpKeys.ownerPartition(frchId, userId), GSI2SK: `IP#${ipId}` }),

  renewalShards: RENEWAL_SHARDS,
  renewalPartition: (shard: number) => `IPRENEW#${shard}`,
  renewal: (frchId: number, ipId: string, dueIso: string) => ({
    GSI3PK: staticIpKeys.renewalPartition(shardOf(ipId)),
    GSI3SK: `${dueIso}#${frchId}#${ipId}`,
  }),
  renewalUntil: (nowIso: string) => `${nowIso}~`,

  /** A purchase's record under the buyer (its idempotency key → the slot it bought and what was asked). */
  purchase: (frchId: number, userId: number, key: string): ItemKey => ({ PK: userKeys.partition(frchId, userId), SK: `IPBUY#${key}` }),
  /** A broker account (the binding writes its `egress`). */
  account: (frchId: number, userId: number, accountId: string): ItemKey => brokerAccountKeys.item(frchId, userId, accountId),
};

function shardOf(ipId: string): number {
  let sum = 0;
  for (const char of ipId) sum = (sum + char.charCodeAt(0)) % RENEWAL_SHARDS;
  return sum;
}
