import { getBrokerAccountsOf, type BrokerAccountItem } from '../../data/broker-accounts-repository';
import type { GroupOwner } from '../../data/groups/group-keys';
import type { GroupOrderTarget } from '../../data/groups/group-order';
import { accountOwnerOf } from './group-accounts';

/**
 * The accounts a group order's targets trade, as the fan-out needs them (issue 22: the first child
 * leaves at once). Read in pages, in the order the targets are sent: a small first page, so its orders
 * go out while the later pages (100 keys, one BatchGetItem each) are still being read. A target's
 * account arrives with its page; every account arrives before the group order answers.
 */
export interface FanOutAccounts {
  /** The account a target trades, once its page is read (undefined when it is gone). */
  of(target: GroupOrderTarget): Promise<BrokerAccountItem | undefined>;
  /** Every target's account, by id, once all pages are read. */
  all(): Promise<ReadonlyMap<string, BrokerAccountItem>>;
}

const FIRST_PAGE = 10;
const LATER_PAGES = 100;

/** Starts reading the targets' accounts, page after page, targets to be sent first. */
export function readFanOutAccounts(owner: GroupOwner, targets: readonly GroupOrderTarget[]): FanOutAccounts {
  const inSendingOrder = [...targets.filter((target) => target.order_key !== null), ...targets.filter((target) => target.order_key === null)];
  const pages: GroupOrderTarget[][] = [];
  for (let start = 0; start < inSendingOrder.length; ) {
    const size = pages.length === 0 ? FIRST_PAGE : LATER_PAGES;
    pages.push(inSendingOrder.slice(start, start + size));
    start += size;
  }
  const accounts = new Map<string, BrokerAccountItem>();
  const pageOf = new Map<string, number>();
  const reads: Promise<void>[] = [];
  let previous: Promise<void> = Promise.resolve();
  pages.forEach((page, index) => {
    for (const target of page) pageOf.set(target.broker_id, index);
    // Each page is asked for once the one before it has arrived: the first page is not queued behind the rest.
    previous = previous.then(async () => {
      const found = await getBrokerAccountsOf(page.map((target) => ({ owner: accountOwnerOf(owner, target), accountId: target.broker_id })));
      for (const account of found) if (account) accounts.set(account.broker_id, account);
    });
    reads.push(previous);
  });
  // A failed read is answered by every target waiting on it (and by `all`); never an unhandled rejection.
  for (const read of reads) read.catch(() => undefined);
  return {
    of: async (target) => {
      await reads[pageOf.get(target.broker_id) ?? reads.length - 1];
      return accounts.get(target.broker_id);
    },
    all: async () => {
      await Promise.all(reads);
      return accounts;
    },
  };
}
