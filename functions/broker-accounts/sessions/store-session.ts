import { sessionIndexChanges, updateBrokerAccount, type AccountOwner, type BrokerAccountItem } from '../../data/broker-accounts-repository';
import { now as clockNow } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { moveAccountStatus } from '../accounts/account-status';
import { notifyConnected } from '../accounts/broker-notifications';
import { accountChanged } from '../accounts/owned-account';
import { sealAccountSecrets } from './account-secrets';

/** A session a broker has just granted: its tokens (sealed before storing), its end, and the broker's user id. */
export interface GrantedSession {
  readonly tokens: Readonly<Record<string, string>>;
  /** Epoch ms after which the broker no longer honours the session. */
  readonly validUntil: number;
  readonly brokerUserId: string;
}

/**
 * Stores a granted session: an account that was not connected moves to `connected` (and the user is
 * told); a connected one keeps its status and gets the new session and a new place in the expiry index.
 */
export async function storeSession(
  owner: AccountOwner,
  account: BrokerAccountItem,
  session: GrantedSession,
  log: Logger,
  now = clockNow(),
): Promise<BrokerAccountItem> {
  const validUntil = new Date(session.validUntil).toISOString();
  const sealed = await sealAccountSecrets(owner, account.broker_id, session.tokens);
  const set = { sealed_session: sealed, session_valid_until: validUntil, broker_user_id: session.brokerUserId };
  if (account.status !== 'connected') {
    const connected = await moveAccountStatus(owner, account, 'connected', { set }, validUntil, now);
    await notifyConnected(owner, connected, log);
    return connected;
  }
  const index = sessionIndexChanges(account, owner, 'connected', validUntil);
  const renewed = await updateBrokerAccount(owner, account.broker_id, { set: { ...set, ...index.set } }, { statuses: ['connected'], version: account.v }, now);
  if (!renewed) throw accountChanged();
  return renewed;
}
