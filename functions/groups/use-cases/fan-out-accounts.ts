import { getBrokerAccount, type BrokerAccountItem } from '../../data/broker-accounts-repository';
import type { GroupOwner } from '../../data/groups/group-keys';
import type { GroupOrderTarget } from '../../data/groups/group-order';
import { PrefetchedItems } from '../../data/item-source';
import { FIRST_ACCOUNTS_PAGE, prefetchKeys } from '../../data/prefetch-keys';
import { accountOwnerOf } from './group-accounts';

/**
 * The accounts a group order's targets trade, as the fan-out needs them (issue 22: the first child
 * leaves at once): read in pages (`PrefetchedItems.prefetchInPages`), in the order the targets are
 * sent, so the first page's orders go out while the others are still being read. A target's account
 * arrives with its page; every account arrives before the group order answers.
 */
export interface FanOutAccounts {
  /** The account a target trades, once its page is read (undefined when it is gone). */
  of(target: GroupOrderTarget): Promise<BrokerAccountItem | undefined>;
  /** Every target's account, by id, once all pages are read. */
  all(): Promise<ReadonlyMap<string, BrokerAccountItem>>;
}

/** Starts reading the targets' accounts, targets to be sent first. */
export function readFanOutAccounts(owner: GroupOwner, targets: readonly GroupOrderTarget[]): FanOutAccounts {
  const inSendingOrder = [...targets.filter((target) => target.order_key !== null), ...targets.filter((target) => target.order_key === null)];
  const items = new PrefetchedItems();
  // A failed read is answered by every target waiting on it (and by `all`); never an unhandled rejection.
  items.prefetchInPages(inSendingOrder.map((target) => prefetchKeys.brokerAccount(accountOwnerOf(owner, target), target.broker_id)), FIRST_ACCOUNTS_PAGE).catch(() => undefined);
  const read = new Map<string, Promise<BrokerAccountItem | null>>();
  const of = async (target: GroupOrderTarget) => {
    let account = read.get(target.broker_id);
    if (!account) {
      account = getBrokerAccount(accountOwnerOf(owner, target), target.broker_id, items);
      read.set(target.broker_id, account);
    }
    return (await account) ?? undefined;
  };
  return {
    of,
    all: async () => {
      const accounts = await Promise.all(inSendingOrder.map(of));
      return new Map(accounts.flatMap((account) => (account ? [[account.broker_id, account] as const] : [])));
    },
  };
}
