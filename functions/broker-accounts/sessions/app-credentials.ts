import { franchiseAppFieldsOf, type FranchiseAppBroker } from '../../../shared/contracts/config-groups/broker-config';
import { BROKER_DISPLAY_NAMES, type BrokerKind } from '../../../shared/domain/brokers';
import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import { BusinessRuleError } from '../../platform/errors';
import { openCredentials } from './account-secrets';
import { franchiseBrokerConfig } from './franchise-broker-config';

/** An account that relied on the franchise's app after the franchise switched it off. */
export const noAppMessage = (broker: BrokerKind) =>
  `No ${BROKER_DISPLAY_NAMES[broker]} app is set up for this account any more: connect it again with your own app's key and secret.`;

/**
 * The credentials a redirect broker's login and orders use: the account's own, with the broker app's id
 * and secret taken from the franchise's registered app (BROKER_CONFIG) when the user did not enter an app
 * of their own. A user's own app always wins, so a session made with it keeps working when the franchise
 * registers or changes its app. This is the one place a broker app's credentials are chosen.
 */
export async function appCredentialsOf(owner: AccountOwner, account: BrokerAccountItem): Promise<Record<string, string>> {
  const own = await openCredentials(owner, account);
  const fields = franchiseAppFieldsOf(account.broker);
  if (!fields || own[fields.id]) return own;
  const app = (await franchiseBrokerConfig(owner.frchId)).apps[account.broker as FranchiseAppBroker];
  if (!app) throw new BusinessRuleError(noAppMessage(account.broker));
  return { ...own, [fields.id]: app.id, [fields.secret]: app.secret };
}
