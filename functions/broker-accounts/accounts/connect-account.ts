import type { ConnectBrokerRequest } from '../../../shared/contracts/broker';
import type { AccountOwner } from '../../data/broker-accounts-repository';
import type { ConnectOutcome, LoginContext } from '../integrations/broker-integration';
import { integrationOf } from '../integrations/registry';

export type { ConnectOutcome } from '../integrations/broker-integration';

/** Adds a broker account for the caller, as the broker's login flow allows (the contract has checked the credentials). */
export function connectAccount(owner: AccountOwner, request: ConnectBrokerRequest, context: LoginContext): Promise<ConnectOutcome> {
  const credentials = 'credentials' in request ? request.credentials : {};
  return integrationOf(request.broker).connect(owner, credentials, context);
}
