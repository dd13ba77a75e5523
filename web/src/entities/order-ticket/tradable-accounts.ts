import type { BrokerAccount } from '@shared/contracts/broker';

/** Whether a manual order may go to the account: logged in with the broker and trading on (the server refuses others). */
export function canTrade(account: BrokerAccount): boolean {
  return account.status === 'connected' && account.trading_enabled;
}

export function tradableAccounts(accounts: readonly BrokerAccount[]): BrokerAccount[] {
  return accounts.filter(canTrade);
}

/** The account a ticket starts on: the one it was opened for when it can trade, else the first that can. */
export function preferredAccountId(tradable: readonly BrokerAccount[], wanted: string | undefined): string {
  const match = tradable.find((account) => account.broker_id === wanted);
  return (match ?? tradable[0])?.broker_id ?? '';
}
