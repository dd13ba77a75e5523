import { fyersConnectCredentialsSchema } from '../../../shared/contracts/broker';
import { FyersAdapter } from '../../broker-adapters/fyers/fyers-adapter';
import { BrokerSessionExpiredError } from '../../broker-adapters/http/broker-errors';
import { fyersApiBaseUrl } from '../sessions/broker-endpoints';
import { completeFyersLogin, fyersLoginUrlFor, refreshFyersAccount, usableFyersSessionOf } from '../sessions/fyers-session';
import type { BrokerIntegration } from './broker-integration';
import { tradingEgressOf } from './egress-route';
import { createSealedAccount } from './sealed-account';

/**
 * Fyers: app id, secret and PIN stored sealed; the session comes from its redirect (`auth_code`). The
 * daily access token is renewed with the 15-day refresh token and the PIN, so a reconnect needs the
 * login page only once the refresh token has lapsed.
 */
export const fyersIntegration: BrokerIntegration = {
  async connect(owner, credentials, { now, redirectUri }) {
    const account = await createSealedAccount(owner, 'fyers', fyersConnectCredentialsSchema.parse(credentials), now);
    return { account, loginUrl: await fyersLoginUrlFor(owner, account, redirectUri) };
  },
  async reconnect(owner, account, { log, redirectUri }) {
    const renewed = await refreshFyersAccount(owner, account, log);
    return renewed ? { account: renewed, loginUrl: null } : { account, loginUrl: await fyersLoginUrlFor(owner, account, redirectUri) };
  },
  completeRedirect: (owner, account, token, { log }) => completeFyersLogin(owner, account.broker_id, token, log),
  async open(owner, account, log) {
    const usable = await usableFyersSessionOf(owner, account, log);
    if (!usable) throw new BrokerSessionExpiredError('fyers', 'past-validity');
    const adapter = new FyersAdapter({ session: usable.session, accountKey: account.broker_id, endpoint: { baseUrl: fyersApiBaseUrl() }, ...(await tradingEgressOf(account)) });
    const renewed = usable.account === account ? null : usable.account;
    return { adapter, close: async () => renewed };
  },
};
