import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import { BusinessRuleError } from '../../platform/errors';
import { openSecrets, sealSecrets } from '../../platform/secrets/secret-box';
import type { SealedFields, SecretScope } from '../../platform/secrets/sealed-secret';

/** Every secret of an account is bound to its owner and its id. */
export function secretScopeOf(owner: AccountOwner, accountId: string): SecretScope {
  return { frchId: owner.frchId, userId: owner.userId, accountId };
}

export function sealAccountSecrets(owner: AccountOwner, accountId: string, fields: Readonly<Record<string, string>>): Promise<SealedFields> {
  return sealSecrets(secretScopeOf(owner, accountId), fields);
}

/** The account's stored credentials, opened; an account without them cannot log in. */
export async function openCredentials(owner: AccountOwner, account: BrokerAccountItem): Promise<Record<string, string>> {
  if (!account.sealed_credentials) throw new BusinessRuleError('This broker account has no stored credentials.');
  return openSecrets(secretScopeOf(owner, account.broker_id), account.sealed_credentials);
}

/** The account's stored session tokens, opened (null when there is no session). */
export async function openSession(owner: AccountOwner, account: BrokerAccountItem): Promise<Record<string, string> | null> {
  if (!account.sealed_session) return null;
  return openSecrets(secretScopeOf(owner, account.broker_id), account.sealed_session);
}
