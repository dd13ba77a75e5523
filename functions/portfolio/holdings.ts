import type { OpenPositionsDetail, DashboardPnl } from '../../shared/contracts/dashboard';
import { listLiveAccounts } from '../broker-accounts/accounts/list-accounts';
import { toAccountPosition } from '../broker-accounts/trading/position-view';
import { scriptResolverOf } from '../broker-adapters/mapping/script-resolver';
import type { AccountOwner } from '../data/broker-accounts-repository';
import { listPositions } from '../data/ordermanager/position';
import { instrumentMaster } from '../market/instrument-master';
import type { Logger } from '../platform/logger';
import { readAccounts } from './account-readings';
import { countOpenPositions } from './open-positions';
import { dashboardPnlOf, type ReadAccount, type UnreadAccount } from './pnl-figures';

/** What the user holds now across accounts: today's P&L and margin per account, and the open positions. */
export interface Holdings {
  readonly pnl: DashboardPnl;
  readonly openPositions: number;
  readonly openPositionsDetail: OpenPositionsDetail;
}

export async function readHoldings(owner: AccountOwner, log: Logger): Promise<Holdings> {
  const [accounts, managed, master] = await Promise.all([listLiveAccounts(owner), listPositions(owner), instrumentMaster()]);
  const readings = await readAccounts(owner, accounts, log);
  const read: ReadAccount[] = [];
  const unread: UnreadAccount[] = [];
  for (const reading of readings) {
    if (reading.kind === 'not-read') {
      unread.push(reading);
      continue;
    }
    const resolve = scriptResolverOf(reading.account.broker, master);
    read.push({ ...reading, positions: reading.positions.map((position) => toAccountPosition(position, resolve)) });
  }
  const open = countOpenPositions(
    read.map((account) => ({ brokerId: account.account.broker_id, positions: account.positions })),
    managed,
  );
  return { pnl: dashboardPnlOf(read, unread), openPositions: open.total, openPositionsDetail: open.detail };
}
