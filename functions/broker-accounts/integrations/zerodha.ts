import { zerodhaConnectCredentialsSchema } from '../../../shared/contracts/broker';
import { BrokerSessionExpiredError } from '../../broker-adapters/http/broker-errors';
import { KiteAdapter } from '../../broker-adapters/zerodha/kite-adapter';
import { kiteApiBaseUrl } from '../sessions/broker-endpoints';
import { completeKiteLogin, kiteLoginUrlFor, kiteSessionOf } from '../sessions/kite-session';
import { nothingToClose, type BrokerIntegration } from './broker-integration';
import { tradingEgressOf } from './egress-route';
import { createSealedAccount } from './sealed-account';

/** Zerodha Kite Connect: key and secret stored sealed; the session comes from Kite's login redirect (`request_token`). */
export const zerodhaIntegration: BrokerIntegration = {
  async connect(owner, credentials, { now }) {
    const account = await createSealedAccount(owner, 'zerodha', zerodhaConnectCredentialsSchema.parse(credentials), now);
    return { account, loginUrl: await kiteLoginUrlFor(owner, account) };
  },
  reconnect: async (owner, account) => ({ account, loginUrl: await kiteLoginUrlFor(owner, account) }),
  completeRedirect: (owner, account, token, { log }) => completeKiteLogin(owner, account.broker_id, token, log),
  async open(owner, account) {
    const session = await kiteSessionOf(owner, account);
    if (!session) throw new BrokerSessionExpiredError('zerodha', 'past-validity');
    const adapter = new KiteAdapter({ session, accountKey: account.broker_id, endpoint: { baseUrl: kiteApiBaseUrl() }, ...(await tradingEgressOf(account)) });
    return { adapter, close: nothingToClose };
  },
};
