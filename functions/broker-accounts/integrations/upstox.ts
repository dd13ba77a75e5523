import { upstoxConnectCredentialsSchema } from '../../../shared/contracts/broker';
import { BrokerSessionExpiredError } from '../../broker-adapters/http/broker-errors';
import { UpstoxAdapter } from '../../broker-adapters/upstox/upstox-adapter';
import { registerUpstoxStaticIps } from '../../broker-adapters/upstox/upstox-ip-registration';
import { upstoxApiBaseUrl, upstoxOrderApiBaseUrl } from '../sessions/broker-endpoints';
import { completeUpstoxLogin, upstoxLoginUrlFor, upstoxSessionOf } from '../sessions/upstox-session';
import { nothingToClose, type BrokerIntegration } from './broker-integration';
import { tradingEgressOf } from './egress-route';
import { createSealedAccount } from './sealed-account';

/** Upstox: API key and secret stored sealed; the session comes from its OAuth redirect (`code`), valid until 03:30 IST. */
export const upstoxIntegration: BrokerIntegration = {
  async connect(owner, credentials, { now, redirectUri }) {
    const account = await createSealedAccount(owner, 'upstox', upstoxConnectCredentialsSchema.parse(credentials), now);
    return { account, loginUrl: await upstoxLoginUrlFor(owner, account, redirectUri) };
  },
  reconnect: async (owner, account, { redirectUri }) => ({ account, loginUrl: await upstoxLoginUrlFor(owner, account, redirectUri) }),
  completeRedirect: (owner, account, token, { log, redirectUri }) => completeUpstoxLogin(owner, account.broker_id, token, redirectUri, log),
  async open(owner, account) {
    const session = await upstoxSessionOf(owner, account);
    if (!session) throw new BrokerSessionExpiredError('upstox', 'past-validity');
    const adapter = new UpstoxAdapter({
      session,
      accountKey: account.broker_id,
      endpoint: { baseUrl: upstoxApiBaseUrl() },
      orderBaseUrl: upstoxOrderApiBaseUrl(),
      ...(await tradingEgressOf(account)),
    });
    return { adapter, close: nothingToClose };
  },
  async registerStaticIps(owner, account, ips) {
    const session = await upstoxSessionOf(owner, account);
    if (!session) throw new BrokerSessionExpiredError('upstox', 'past-validity');
    return registerUpstoxStaticIps({ session, accountKey: account.broker_id, endpoint: { baseUrl: upstoxApiBaseUrl() } }, ips);
  },
};
