import type { AccountPosition } from '../../shared/contracts/broker-trading';
import type { AccountPnl, DashboardPnl } from '../../shared/contracts/dashboard';
import { roundMoney } from '../broker-adapters/paper/price-math';
import type { BrokerAccountItem } from '../data/broker-accounts-repository';
import { combinedNameOf } from '../broker-accounts/accounts/account-view';
import type { BrokerFunds } from '../broker-adapters/broker-adapter';

/** A read account: its positions as the account page shows them, and its funds. */
export interface ReadAccount {
  readonly account: BrokerAccountItem;
  readonly positions: readonly AccountPosition[];
  readonly funds: BrokerFunds;
  readonly readAt: Date;
}

export interface UnreadAccount {
  readonly account: BrokerAccountItem;
  readonly reason: string;
}

const sum = (values: readonly number[]) => roundMoney(values.reduce((total, value) => total + value, 0));

export function accountPnlOf({ account, positions, funds, readAt }: ReadAccount): AccountPnl {
  const realised = sum(positions.map((position) => position.realised_pnl));
  const unrealised = sum(positions.map((position) => position.unrealised_pnl));
  return {
    broker_id: account.broker_id,
    broker: account.broker,
    broker_combined_name: combinedNameOf(account),
    realised_pnl: realised,
    unrealised_pnl: unrealised,
    total_pnl: roundMoney(realised + unrealised),
    margin_used: roundMoney(funds.used),
    margin_available: roundMoney(funds.available),
    open_positions: positions.filter((position) => position.net_quantity !== 0).length,
    read_at: readAt.toISOString(),
  };
}

/** Each read account's figures and their totals; the accounts not read are listed with their reason. */
export function dashboardPnlOf(read: readonly ReadAccount[], unread: readonly UnreadAccount[]): DashboardPnl {
  const accounts = read.map(accountPnlOf);
  return {
    realised_pnl: sum(accounts.map((account) => account.realised_pnl)),
    unrealised_pnl: sum(accounts.map((account) => account.unrealised_pnl)),
    total_pnl: sum(accounts.map((account) => account.total_pnl)),
    margin_used: sum(accounts.map((account) => account.margin_used)),
    margin_available: sum(accounts.map((account) => account.margin_available)),
    accounts,
    accounts_not_read: unread.map(({ account, reason }) => ({
      broker_id: account.broker_id,
      broker: account.broker,
      broker_combined_name: combinedNameOf(account),
      reason,
    })),
  };
}
