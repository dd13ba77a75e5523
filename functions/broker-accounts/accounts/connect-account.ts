import type { ConnectBrokerRequest } from '../../../shared/contracts/broker';
import type { AccountOwner } from '../../data/broker-accounts-repository';
import type { ConnectOutcome, LoginContext } from '../integrations/broker-integration';
import { integrationOf } from '../integrations/registry';
import { assertMayConnectBrokers } from '../../sub-users/sub-user-permissions';
import { offeredBrokerConfig, requireAppFor } from './broker-offer';

export type { ConnectOutcome } from '../integrations/broker-integration';

/**
 * Adds a broker account for the caller, as the broker's login flow allows (the contract has checked the
 * credentials): only a broker the franchise offers, and a redirect broker without the user's own app only
 * when the franchise registered one (both 422 otherwise); never for an owner whose parent has not allowed
 * broker connections (403; the demat flag, ADR 0013).
 */
export async function connectAccount(owner: AccountOwner, request: ConnectBrokerRequest, context: LoginContext): Promise<ConnectOutcome> {
  await assertMayConnectBrokers(owner);
  const config = await offeredBrokerConfig(owner.frchId, request.broker);
  const credentials: Readonly<Record<string, string | undefined>> = 'credentials' in request ? request.credentials : {};
  requireAppFor(config, request.broker, credentials);
  const given = Object.fromEntries(Object.entries(credentials).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return integrationOf(request.broker).connect(owner, given, context);
}
