import type { BrokerFunds } from '../../broker-adapters/broker-adapter';
import type { AccountOwner, BrokerAccountItem } from '../../data/broker-accounts-repository';
import type { Logger } from '../../platform/logger';
import { integrationOf } from '../integrations/registry';

/** What a funds read answers: the funds, and the account as it is afterwards (a renewed session is stored). */
export interface FundsReading {
  readonly funds: BrokerFunds;
  readonly account: BrokerAccountItem;
}

/** Reads the account's funds through its broker; a session the broker refuses throws BrokerSessionExpiredError. */
export async function readAccountFunds(owner: AccountOwner, account: BrokerAccountItem, log: Logger): Promise<FundsReading> {
  const connection = await integrationOf(account.broker).open(owner, account, log);
  try {
    const funds = await connection.adapter.funds();
    return { funds, account: (await connection.close()) ?? account };
  } catch (error) {
    await connection.close().catch(() => null);
    throw error;
  }
}
