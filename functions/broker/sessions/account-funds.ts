import type { AngelSession } from '../../brokers/angelone/angel-session';
import { AngelAdapter } from '../../brokers/angelone/angel-adapter';
import type { BrokerFunds } from '../../brokers/broker-adapter';
import { BrokerSessionExpiredError } from '../../brokers/http/broker-errors';
import { fundsOf } from '../../brokers/paper/funds';
import { createDynamoPaperStore } from '../../brokers/paper/store/dynamo-paper-store';
import { KiteAdapter } from '../../brokers/zerodha/kite-adapter';
import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import { BusinessRuleError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { COMING_SOON_MESSAGE } from '../accounts/broker-catalog';
import { angelGrant, angelSessionOf } from './angel-session';
import { angelApiBaseUrl, angelNetwork, kiteApiBaseUrl } from './broker-endpoints';
import { kiteSessionOf } from './kite-session';
import { storeSession } from './store-session';

/** What a funds read answers: the funds, and the account as it is afterwards (a renewed session is stored). */
export interface FundsReading {
  readonly funds: BrokerFunds;
  readonly account: BrokerAccountItem;
}

async function paperFunds(owner: AccountOwner, account: BrokerAccountItem): Promise<FundsReading> {
  const { state } = await createDynamoPaperStore({ frchId: owner.frchId, userId: owner.userId, accountId: account.broker_id }).load();
  return { funds: fundsOf(state), account };
}

async function kiteFunds(owner: AccountOwner, account: BrokerAccountItem): Promise<FundsReading> {
  const session = await kiteSessionOf(owner, account);
  if (!session) throw new BrokerSessionExpiredError('zerodha', 'past-validity');
  const adapter = new KiteAdapter({ session, accountKey: account.broker_id, endpoint: { baseUrl: kiteApiBaseUrl() } });
  return { funds: await adapter.funds(), account };
}

async function angelFunds(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<FundsReading> {
  const session = await angelSessionOf(owner, account);
  if (!session) throw new BrokerSessionExpiredError('angelone', 'past-validity');
  const renewals: AngelSession[] = [];
  const adapter = new AngelAdapter({
    session,
    network: angelNetwork(),
    accountKey: account.broker_id,
    endpoint: { baseUrl: angelApiBaseUrl() },
    onSessionRenewed: (next) => renewals.push(next),
  });
  const funds = await adapter.funds();
  const latest = renewals.at(-1);
  return { funds, account: latest ? await storeSession(owner, account, angelGrant(latest), log) : account };
}

/** Reads the account's funds through its broker; a session the broker refuses throws BrokerSessionExpiredError. */
export function readAccountFunds(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<FundsReading> {
  switch (account.broker) {
    case 'paper':
      return paperFunds(owner, account);
    case 'zerodha':
      return kiteFunds(owner, account);
    case 'angelone':
      return angelFunds(owner, account, log);
    default:
      throw new BusinessRuleError(COMING_SOON_MESSAGE);
  }
}
