import type { BrokerKind } from '../../../shared/domain/brokers';
import type { BrokerStatus } from '../../../shared/domain/states';
import type { AccountOwner, NewBrokerAccount } from '../../data/broker-accounts-repository';

/** A new account's stored fields: trading off, no note, no subscription, no session yet. */
export function newAccountFields(
  owner: AccountOwner,
  accountId: string,
  broker: BrokerKind,
  status: BrokerStatus,
  extra: Partial<NewBrokerAccount> = {},
): NewBrokerAccount {
  return {
    frch_id: owner.frchId,
    user_id: owner.userId,
    broker_id: accountId,
    broker,
    status,
    broker_user_id: null,
    trading_enabled: false,
    auto_renew: false,
    note: '',
    session_valid_until: null,
    subscription_plan_id: null,
    subscription_started_at: null,
    subscription_expires_at: null,
    subscription_paid_credits: 0,
    funds: null,
    ...extra,
  };
}
