import { ulid } from 'ulid';
import type { ConnectBrokerRequest } from '../../../shared/contracts/broker';
import { createPaperAccountState } from '../../brokers/paper/account-state';
import { newPaperStateAttributes } from '../../brokers/paper/store/paper-state-item';
import { createBrokerAccount, type AccountOwner, type BrokerAccountItem } from '../../data/broker-accounts-repository';
import { BusinessRuleError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { angelCredentialsOf, angelGrant, logInToAngel } from '../sessions/angel-session';
import { sealAccountSecrets } from '../sessions/account-secrets';
import { kiteLoginUrlFor } from '../sessions/kite-session';
import { storeSession } from '../sessions/store-session';
import { COMING_SOON_MESSAGE } from './broker-catalog';
import { notifyConnected } from './broker-notifications';
import { newAccountFields } from './new-account';

export interface ConnectOutcome {
  readonly account: BrokerAccountItem;
  /** Zerodha: the broker's login page to open; the account connects when the login completes. */
  readonly loginUrl: string | null;
}

/** Paper: connected at once, with a fresh simulator state written in the same transaction. */
async function connectPaper(owner: AccountOwner, log: Logger, now: Date): Promise<ConnectOutcome> {
  const accountId = ulid(now.getTime());
  const paperState = newPaperStateAttributes(createPaperAccountState(accountId), now);
  const account = await createBrokerAccount(newAccountFields(owner, accountId, 'paper', 'connected'), paperState, now);
  await notifyConnected(owner, account, log);
  return { account, loginUrl: null };
}

/** Zerodha: key and secret stored sealed, the account `available` until the Kite login completes. */
async function connectZerodha(owner: AccountOwner, credentials: { api_key: string; api_secret: string }, now: Date): Promise<ConnectOutcome> {
  const accountId = ulid(now.getTime());
  const sealed = await sealAccountSecrets(owner, accountId, credentials);
  const account = await createBrokerAccount(newAccountFields(owner, accountId, 'zerodha', 'available', { sealed_credentials: sealed }), null, now);
  return { account, loginUrl: await kiteLoginUrlFor(owner, account) };
}

/** Angel One: logs in first (refused credentials store nothing), then stores them sealed and connects. */
async function connectAngel(
  owner: AccountOwner,
  fields: Parameters<typeof angelCredentialsOf>[0],
  log: Logger,
  now: Date,
): Promise<ConnectOutcome> {
  const session = await logInToAngel(angelCredentialsOf(fields));
  const accountId = ulid(now.getTime());
  const sealed = await sealAccountSecrets(owner, accountId, fields);
  const extra = { sealed_credentials: sealed, broker_user_id: fields.client_code };
  const available = await createBrokerAccount(newAccountFields(owner, accountId, 'angelone', 'available', extra), null, now);
  return { account: await storeSession(owner, available, angelGrant(session), log, now), loginUrl: null };
}

/** Adds a broker account for the caller, as the broker's login flow allows. */
export function connectAccount(owner: AccountOwner, request: ConnectBrokerRequest, log: Logger, now = new Date()): Promise<ConnectOutcome> {
  switch (request.broker) {
    case 'paper':
      return connectPaper(owner, log, now);
    case 'zerodha':
      return connectZerodha(owner, request.credentials, now);
    case 'angelone':
      return connectAngel(owner, request.credentials, log, now);
    default:
      throw new BusinessRuleError(COMING_SOON_MESSAGE);
  }
}
