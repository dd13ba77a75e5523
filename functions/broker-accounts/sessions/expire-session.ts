import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import { now as clockNow } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { moveAccountStatus } from '../accounts/account-status';
import { notifyExpired } from '../accounts/broker-notifications';

/** The broker no longer honours the session: `connected → expired`, the dead tokens dropped, the user told. */
export async function expireAccount(owner: AccountOwner, account: BrokerAccountItem, log: Logger, now = clockNow()): Promise<BrokerAccountItem> {
  const expired = await moveAccountStatus(owner, account, 'expired', { remove: ['sealed_session'] }, null, now);
  await notifyExpired(owner, expired, log);
  return expired;
}
