import type { BrokerAccount } from '../../../shared/contracts/broker';
import { nextIpChangeAt } from '../../../shared/contracts/ips';
import { BROKER_DISPLAY_NAMES } from '../../../shared/domain/brokers';
import { nowMs } from '../../platform/clock';
import type { BrokerAccountItem } from '../../data/broker-accounts-repository';

/** How the account is named in lists: the broker's name and the broker's user id (or the account's short id). */
export function combinedNameOf(account: Pick<BrokerAccountItem, 'broker' | 'broker_id' | 'broker_user_id'>): string {
  return `${BROKER_DISPLAY_NAMES[account.broker]} (${account.broker_user_id ?? account.broker_id.slice(-6)})`;
}

/** The account as the API answers it: never a secret, only whether credentials are stored. */
export function toBrokerAccount(account: BrokerAccountItem): BrokerAccount {
  return {
    broker_id: account.broker_id,
    broker: account.broker,
    broker_combined_name: combinedNameOf(account),
    status: account.status,
    broker_user_id: account.broker_user_id,
    trading_enabled: account.trading_enabled,
    auto_renew: account.auto_renew,
    note: account.note,
    credentials_configured: account.sealed_credentials !== undefined,
    session_valid_until: account.session_valid_until,
    subscription_expires_at: account.subscription_expires_at,
    funds: account.funds,
    static_ip: account.egress
      ? {
          ip_id: account.egress.ip_id,
          address: account.egress.address,
          version: account.egress.version,
          registration: account.egress.registration,
          registration_error: account.egress.registration_error,
          next_change_at: nextIpChangeAt(account.egress_changed_at, nowMs()),
        }
      : null,
    created_at: account.createdAt,
    updated_at: account.updatedAt,
  };
}
