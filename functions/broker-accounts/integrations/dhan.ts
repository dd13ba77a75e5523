import { dhanCredentialsSchema } from '../../../shared/contracts/broker';
import { DhanAdapter } from '../../broker-adapters/dhan/dhan-adapter';
import { registerDhanStaticIps } from '../../broker-adapters/dhan/dhan-ip-registration';
import { BrokerSessionExpiredError } from '../../broker-adapters/http/broker-errors';
import { dhanApiBaseUrl } from '../sessions/broker-endpoints';
import { dhanCredentialsOf, dhanGrant, dhanSessionOf, logInToDhan, loginDhanAccount } from '../sessions/dhan-session';
import { storeSession } from '../sessions/store-session';
import { nothingToClose, type BrokerIntegration } from './broker-integration';
import { tradingEgressOf } from './egress-route';
import { createSealedAccount } from './sealed-account';

/** Dhan: logs in by its TOTP route first (refused credentials store nothing); 24-hour sessions. */
export const dhanIntegration: BrokerIntegration = {
  async connect(owner, credentials, { log, now }) {
    const fields = dhanCredentialsSchema.parse(credentials);
    const session = await logInToDhan(dhanCredentialsOf(fields));
    const available = await createSealedAccount(owner, 'dhan', fields, now, fields.client_id);
    return { account: await storeSession(owner, available, dhanGrant(session), log, now), loginUrl: null };
  },
  reconnect: async (owner, account, { log }) => ({ account: await loginDhanAccount(owner, account, log), loginUrl: null }),
  async open(owner, account) {
    const session = await dhanSessionOf(owner, account);
    if (!session) throw new BrokerSessionExpiredError('dhan', 'past-validity');
    const adapter = new DhanAdapter({ session, accountKey: account.broker_id, endpoint: { baseUrl: dhanApiBaseUrl() }, ...(await tradingEgressOf(account)) });
    return { adapter, close: nothingToClose };
  },
  async registerStaticIps(owner, account, ips) {
    const session = await dhanSessionOf(owner, account);
    if (!session) throw new BrokerSessionExpiredError('dhan', 'past-validity');
    return registerDhanStaticIps({ session, accountKey: account.broker_id, endpoint: { baseUrl: dhanApiBaseUrl() } }, ips);
  },
};
