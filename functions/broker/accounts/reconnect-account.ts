import type { AccountOwner } from '../../data/broker-accounts-repository';
import { BusinessRuleError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { loginAngelAccount } from '../sessions/angel-session';
import { kiteLoginUrlFor } from '../sessions/kite-session';
import { COMING_SOON_MESSAGE } from './broker-catalog';
import type { ConnectOutcome } from './connect-account';
import { loadLiveAccount } from './owned-account';

/**
 * Logs an account in again with what is stored: Angel One at once, Zerodha through its login page.
 * A paper account is always connected; a removed account cannot come back (422).
 */
export async function reconnectAccount(owner: AccountOwner, accountId: string, log: Logger): Promise<ConnectOutcome> {
  const account = await loadLiveAccount(owner, accountId);
  switch (account.broker) {
    case 'paper':
      return { account, loginUrl: null };
    case 'zerodha':
      return { account, loginUrl: await kiteLoginUrlFor(owner, account) };
    case 'angelone':
      return { account: await loginAngelAccount(owner, account, log), loginUrl: null };
    default:
      throw new BusinessRuleError(COMING_SOON_MESSAGE);
  }
}
