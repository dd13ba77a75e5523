import { angelCredentialsSchema } from '../../../shared/contracts/broker';
import { AngelAdapter } from '../../broker-adapters/angelone/angel-adapter';
import type { AngelSession } from '../../broker-adapters/angelone/angel-session';
import { BrokerSessionExpiredError } from '../../broker-adapters/http/broker-errors';
import { angelApiBaseUrl, angelNetwork } from '../sessions/broker-endpoints';
import { angelCredentialsOf, angelGrant, angelSessionOf, logInToAngel, loginAngelAccount } from '../sessions/angel-session';
import { storeSession } from '../sessions/store-session';
import type { BrokerIntegration } from './broker-integration';
import { tradingEgressOf } from './egress-route';
import { createSealedAccount } from './sealed-account';

/** Angel One SmartAPI: logs in with client code, PIN and TOTP first (refused credentials store nothing); may renew its session mid-use. */
export const angelIntegration: BrokerIntegration = {
  async connect(owner, credentials, { log, now }) {
    const fields = angelCredentialsSchema.parse(credentials);
    const session = await logInToAngel(angelCredentialsOf(fields));
    const available = await createSealedAccount(owner, 'angelone', fields, now, fields.client_code);
    return { account: await storeSession(owner, available, angelGrant(session), log, now), loginUrl: null };
  },
  reconnect: async (owner, account, { log }) => ({ account: await loginAngelAccount(owner, account, log), loginUrl: null }),
  async open(owner, account, log) {
    const session = await angelSessionOf(owner, account);
    if (!session) throw new BrokerSessionExpiredError('angelone', 'past-validity');
    const renewals: AngelSession[] = [];
    const adapter = new AngelAdapter({
      session,
      // Angel checks X-ClientPublicIP against the registered static IP: the slot's address when there is one.
      network: account.egress ? { ...angelNetwork(), publicIp: account.egress.address } : angelNetwork(),
      accountKey: account.broker_id,
      endpoint: { baseUrl: angelApiBaseUrl() },
      ...(await tradingEgressOf(account)),
      onSessionRenewed: (next) => renewals.push(next),
    });
    const close = async () => {
      const latest = renewals.at(-1);
      return latest ? storeSession(owner, account, angelGrant(latest), log) : null;
    };
    return { adapter, close };
  },
};
