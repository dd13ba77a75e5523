import type { BrokerAdapter } from '../broker-adapters/broker-adapter';
import type { BrokerConnection } from '../broker-accounts/integrations/broker-integration';
import { integrationOf } from '../broker-accounts/integrations/registry';
import type { AccountOwner, BrokerAccountItem } from '../data/broker-accounts-repository';
import type { Logger } from '../platform/logger';
import { orderPathSettings } from './order-path-settings';

export type { BrokerConnection } from '../broker-accounts/integrations/broker-integration';

/** Opens the account's broker (the adapter as the order-path settings wrap it); close the connection when done. */
export async function openBroker(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<BrokerConnection> {
  const settings = orderPathSettings();
  const connection = await integrationOf(account.broker).open(owner, account, log);
  const close = () =>
    connection.close().catch((error: unknown) => {
      log.warn('broker session not stored', { brokerId: account.broker_id, error });
      return null;
    });
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
