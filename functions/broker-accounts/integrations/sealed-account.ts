import { ulid } from 'ulid';
import type { BrokerKind } from '../../../shared/domain/brokers';
import { createBrokerAccount, type AccountOwner, type BrokerAccountItem } from '../../data/broker-accounts-repository';
import { newAccountFields } from '../accounts/new-account';
import { sealAccountSecrets } from '../sessions/account-secrets';

/** A new account of a real broker: its credentials sealed (the account id bound in), `available` until a login succeeds. */
export async function createSealedAccount(
  owner: AccountOwner,
  broker: Exclude<BrokerKind, 'paper'>,
  credentials: Readonly<Record<string, string>>,
  now: Date,
  brokerUserId: string | null = null,
): Promise<BrokerAccountItem> {
  const accountId = ulid(now.getTime());
  const sealed = await sealAccountSecrets(owner, accountId, credentials);
  const extra = brokerUserId === null ? { sealed_credentials: sealed } : { sealed_credentials: sealed, broker_user_id: brokerUserId };
  return createBrokerAccount(newAccountFields(owner, accountId, broker, 'available', extra), null, now);
}
