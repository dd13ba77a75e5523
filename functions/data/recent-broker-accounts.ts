import { nowMs } from '../platform/clock';
import { brokerAccountKeys } from './keys';
import { getBrokerAccount, type AccountOwner, type BrokerAccountItem } from './broker-accounts-repository';
import { tableName, type TransactItem } from './table';

/**
 * Broker accounts read recently by this container, for the order path (issue 22: at most one read
 * before the write-ahead intent). A copy is trusted only together with `accountUnchanged`, a
 * condition in the intent's own transaction that the stored account still has the copy's version:
 * a changed account (trading turned off, session renewed, removed) refuses the intent, the copy is
 * forgotten and the account read afresh. Keyed by owner and account, so a copy never serves another user.
 */
const RECENT_FOR_MS = 30_000;
const MAX_ACCOUNTS = 1_000;

const recent = new Map<string, { readonly account: BrokerAccountItem; readonly readAt: number }>();
const keyOf = (owner: AccountOwner, accountId: string) => `${owner.frchId}/${owner.userId}/${accountId}`;

/** The owner's account, from a copy read within the last 30 s or from the table; null when it has none. */
export async function recentBrokerAccount(owner: AccountOwner, accountId: string): Promise<BrokerAccountItem | null> {
  const key = keyOf(owner, accountId);
  const copy = recent.get(key);
  if (copy && nowMs() - copy.readAt < RECENT_FOR_MS) return copy.account;
  const account = await getBrokerAccount(owner, accountId);
  recent.delete(key);
  if (!account) return null;
  if (recent.size >= MAX_ACCOUNTS) recent.delete(recent.keys().next().value ?? '');
  recent.set(key, { account, readAt: nowMs() });
  return account;
}

/** Drops the copy (its version no longer holds). */
export function forgetRecentBrokerAccount(owner: AccountOwner, accountId: string): void {
  recent.delete(keyOf(owner, accountId));
}

/** A transaction item that holds only while the stored account is still at the version of `account`. */
export function accountUnchanged(account: BrokerAccountItem): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: brokerAccountKeys.item(account.frch_id, account.user_id, account.broker_id),
      ConditionExpression: '#v = :v',
      ExpressionAttributeNames: { '#v': 'v' },
      ExpressionAttributeValues: { ':v': account.v },
    },
  };
}
