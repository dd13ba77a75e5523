import type { AngelSession } from '../brokers/angelone/angel-session';
import { AngelAdapter } from '../brokers/angelone/angel-adapter';
import type { BrokerAdapter } from '../brokers/broker-adapter';
import { BrokerSessionExpiredError } from '../brokers/http/broker-errors';
import { createPaperAdapter } from '../brokers/paper/paper-adapter';
import { createDynamoPaperStore } from '../brokers/paper/store/dynamo-paper-store';
import { KiteAdapter } from '../brokers/zerodha/kite-adapter';
import { COMING_SOON_MESSAGE } from '../broker/accounts/broker-catalog';
import { angelGrant, angelSessionOf } from '../broker/sessions/angel-session';
import { angelApiBaseUrl, angelNetwork, kiteApiBaseUrl } from '../broker/sessions/broker-endpoints';
import { kiteSessionOf } from '../broker/sessions/kite-session';
import { storeSession } from '../broker/sessions/store-session';
import type { AccountOwner, BrokerAccountItem } from '../data/broker-accounts-repository';
import { isExchangeHoliday } from '../market/exchange-holidays';
import { BusinessRuleError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { orderPathSettings, type OrderPathSettings } from './order-path-settings';

/**
 * An account's broker for the length of one use-case: the adapter, and `close()` to run when done
 * (Angel One may renew its session during calls; the newest one is stored then).
 */
export interface BrokerConnection {
  readonly adapter: BrokerAdapter;
  close(): Promise<void>;
}

const nothingToClose = async (): Promise<void> => undefined;

function paperConnection(owner: AccountOwner, account: BrokerAccountItem, settings: OrderPathSettings): BrokerConnection {
  const store = createDynamoPaperStore({ frchId: owner.frchId, userId: owner.userId, accountId: account.broker_id }, settings.clock);
  const adapter = createPaperAdapter({
    load: store.load,
    save: store.save,
    clock: settings.clock,
    always_open: settings.paperAlwaysOpen,
    isHoliday: isExchangeHoliday,
  });
  return { adapter, close: nothingToClose };
}

async function kiteConnection(owner: AccountOwner, account: BrokerAccountItem): Promise<BrokerConnection> {
  const session = await kiteSessionOf(owner, account);
  if (!session) throw new BrokerSessionExpiredError('zerodha', 'past-validity');
  const adapter = new KiteAdapter({ session, accountKey: account.broker_id, endpoint: { baseUrl: kiteApiBaseUrl() } });
  return { adapter, close: nothingToClose };
}

async function angelConnection(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<BrokerConnection> {
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
  const close = async () => {
    const latest = renewals.at(-1);
    if (latest) await storeSession(owner, account, angelGrant(latest), log);
  };
  return { adapter, close };
}

async function connectionOf(owner: AccountOwner, account: BrokerAccountItem, log: Logger, settings: OrderPathSettings): Promise<BrokerConnection> {
  switch (account.broker) {
    case 'paper':
      return paperConnection(owner, account, settings);
    case 'zerodha':
      return kiteConnection(owner, account);
    case 'angelone':
      return angelConnection(owner, account, log);
    default:
      throw new BusinessRuleError(COMING_SOON_MESSAGE);
  }
}

/** Opens the account's broker (the adapter as the settings wrap it); close the connection when done. */
export async function openBroker(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<BrokerConnection> {
  const settings = orderPathSettings();
  const connection = await connectionOf(owner, account, log, settings);
  const close = () => connection.close().catch((error: unknown) => log.warn('broker session not stored', { brokerId: account.broker_id, error }));
  return { adapter: settings.wrapAdapter(connection.adapter, account), close };
}

/** Runs `work` with the account's broker adapter and closes the connection afterwards. */
export async function withBroker<T>(owner: AccountOwner, account: BrokerAccountItem, log: Logger, work: (adapter: BrokerAdapter) => Promise<T>): Promise<T> {
  const connection = await openBroker(owner, account, log);
  try {
    return await work(connection.adapter);
  } finally {
    await connection.close();
  }
}
