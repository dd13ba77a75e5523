import type { BrokerKind } from '../../shared/domain/brokers';
import { getBrokerAccount, type AccountEgress, type BrokerAccountItem } from '../data/broker-accounts-repository';
import type { IpSlotFields } from '../data/static-ips/static-ips-repository';
import { setAccountRegistration } from '../data/static-ips/static-ips-repository';
import { expireAccount } from '../broker-accounts/sessions/expire-session';
import { integrationOf } from '../broker-accounts/integrations/registry';
import { combinedNameOf } from '../broker-accounts/accounts/account-view';
import { notifyUser } from '../notifications/notify-user';
import { NOTIFY_TYPE } from './ip-terms';
import type { Logger } from '../platform/logger';

/** Brokers whose API lets the platform register the client's IPs (Upstox `PUT /v2/user/ip`, Dhan set/modify IP). */
export const PLATFORM_REGISTERED_BROKERS: ReadonlySet<BrokerKind> = new Set(['upstox', 'dhan']);

/** How an account's copy of the slot starts: the paper simulator needs nothing; Upstox and Dhan are registered next; others by the user. */
export function initialRegistration(broker: BrokerKind): AccountEgress['registration'] {
  return broker === 'paper' ? 'registered' : 'register-yourself';
}

/** The account's copy of its slot: what the order path needs to leave from it, with no second read. */
export function egressOf(slot: Pick<IpSlotFields, 'ip_id' | 'address' | 'bind_address' | 'proxy_url' | 'version'>, account: Pick<BrokerAccountItem, 'broker'>): AccountEgress {
  return {
    ip_id: slot.ip_id,
    address: slot.address,
    bind_address: slot.bind_address,
    proxy_url: slot.proxy_url,
    version: slot.version,
    registration: initialRegistration(account.broker),
    registration_error: null,
  };
}

/**
 * After a binding is written: registers the slot's address as the primary IP with the broker of each newly
 * bound Upstox or Dhan account and stores how it went (registered, or failed with the broker's words).
 * Upstox drops the account's tokens when its IPs change, so the account goes to expired and its user is
 * asked to reconnect. A failure never undoes the binding: the account shows it and the user can register
 * it themselves. An IP marked `secondary` sits beside a primary the user registered elsewhere, which the
 * platform does not know, so the user registers it (the brokers' APIs set the pair together).
 */
export async function registerWithBrokers(slot: Pick<IpSlotFields, 'ip_id' | 'address' | 'role'>, accounts: readonly BrokerAccountItem[], log: Logger): Promise<void> {
  for (const bound of accounts) {
    const register = integrationOf(bound.broker).registerStaticIps;
    if (!register || !PLATFORM_REGISTERED_BROKERS.has(bound.broker) || slot.role !== 'primary') continue;
    const owner = { frchId: bound.frch_id, userId: bound.user_id };
    try {
      const account = (await getBrokerAccount(owner, bound.broker_id)) ?? bound;
      const { sessionInvalidated } = await register(owner, account, { primary: slot.address, secondary: null }, log);
      await setAccountRegistration(account, slot.ip_id, 'registered', null);
      if (sessionInvalidated) {
        const current = await getBrokerAccount(owner, bound.broker_id);
        if (current?.status === 'connected') await expireAccount(owner, current, log);
        const message = `${combinedNameOf(account)} now has the static IP ${slot.address} registered. The broker ends the session when IPs change: please reconnect the account.`;
        await notifyUser(owner.frchId, owner.userId, { notifyType: NOTIFY_TYPE, message }, log).catch((error: unknown) => log.warn('static IP notification not stored', { error }));
      }
    } catch (error) {
      const words = error instanceof Error ? error.message : String(error);
      log.warn('static IP registration failed', { broker: bound.broker, error: words });
      await setAccountRegistration(bound, slot.ip_id, 'failed', words.slice(0, 300)).catch((failure: unknown) => log.error('registration outcome not stored', { error: failure }));
    }
  }
}
