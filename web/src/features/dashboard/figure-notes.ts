import type { Dashboard } from '@shared/contracts/user';
import { ORDER_STATUSES } from '@shared/domain/states';
import { SHOWN_BROKER_STATUSES } from './status-tables';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Sum of the order counts of every status. */
export function ordersToday(dashboard: Dashboard): number {
  return ORDER_STATUSES.reduce((total, status) => total + dashboard.orders_today[status], 0);
}

export function brokerAccountsTotal(dashboard: Dashboard): number {
  return SHOWN_BROKER_STATUSES.reduce((total, status) => total + dashboard.broker_accounts[status], 0);
}

/** Where the open positions are: at the brokers, and what only the order manager holds. */
function openPositionsNote(dashboard: Dashboard): string {
  const { broker_positions: atBrokers, order_manager_only: managerOnly, order_manager_in_broker: managerOpened } = dashboard.open_positions_detail;
  if (dashboard.open_positions === 0) return 'No open positions.';
  const parts = [`${plural(atBrokers, 'position', 'positions')} at your brokers`];
  if (managerOpened > 0) parts.push(`${managerOpened} of them opened by the order manager`);
  if (managerOnly > 0) parts.push(`${managerOnly} more open only in the order manager`);
  return `${parts.join(', ')}.`;
}

/** The short lines under each figure; zeros say plainly why they are zero. */
export const FIGURE_NOTES = {
  brokerAccounts: (dashboard: Dashboard): string => {
    const { connected } = dashboard.broker_accounts;
    if (brokerAccountsTotal(dashboard) === 0) return 'No broker accounts connected yet.';
    if (connected === 0) return 'None connected right now: reconnect an account to trade.';
    return `${plural(connected, 'account', 'accounts')} ready to trade.`;
  },
  ordersToday: (dashboard: Dashboard): string =>
    ordersToday(dashboard) === 0 ? 'No orders placed today.' : 'By status, for today (Asia/Kolkata).',
  openPositions: (dashboard: Dashboard): string => {
    const unread = dashboard.pnl.accounts_not_read.length;
    const missing = unread === 0 ? '' : ` ${plural(unread, 'account', 'accounts')} could not be read.`;
    return `${openPositionsNote(dashboard)}${missing}`;
  },
  credit: (dashboard: Dashboard): string =>
    dashboard.current_credit === 0 ? 'No credit yet: add some in the wallet.' : 'Available in your wallet.',
  unreadNotifications: (dashboard: Dashboard): string =>
    dashboard.unread_notifications === 0 ? 'You are all caught up.' : 'Waiting for you in notifications.',
} as const;
