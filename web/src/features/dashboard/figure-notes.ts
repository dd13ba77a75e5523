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
  openPositions: (dashboard: Dashboard): string =>
    dashboard.open_positions === 0 ? 'No open positions.' : `${plural(dashboard.open_positions, 'position', 'positions')} open now.`,
  credit: (dashboard: Dashboard): string =>
    dashboard.current_credit === 0 ? 'No credit yet: add some in the wallet.' : 'Available in your wallet.',
  unreadNotifications: (dashboard: Dashboard): string =>
    dashboard.unread_notifications === 0 ? 'You are all caught up.' : 'Waiting for you in notifications.',
} as const;
