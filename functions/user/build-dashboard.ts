import type { Dashboard } from '../../shared/contracts/user';
import { countBrokerAccountsByStatus, countOrdersByStatus } from '../data/dashboard-repository';
import { countUnreadNotifications } from '../data/notifications-repository';
import { getUser } from '../data/users-repository';
import { now as clockNow } from '../platform/clock';
import { NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import type { Logger } from '../platform/logger';
import { readHoldings } from '../portfolio/holdings';
import { tradingDay } from '../../shared/domain/market-clock';

/**
 * The caller's real figures, each from its own source: counts from the table, P&L, margin and open
 * positions from the connected accounts' brokers and the order manager. Nothing is estimated.
 */
export async function buildDashboard(owner: Principal, log: Logger, now = clockNow()): Promise<Dashboard> {
  const { frchId, userId } = owner;
  const [user, brokerAccounts, ordersToday, unread, holdings] = await Promise.all([
    getUser(frchId, userId),
    countBrokerAccountsByStatus(frchId, userId),
    countOrdersByStatus(frchId, userId, tradingDay(now)),
    countUnreadNotifications(frchId, userId),
    readHoldings({ frchId, userId }, log),
  ]);
  if (!user) throw new NotFoundError('User not found');
  return {
    broker_accounts: brokerAccounts,
    orders_today: ordersToday,
    open_positions: holdings.openPositions,
    open_positions_detail: holdings.openPositionsDetail,
    pnl: holdings.pnl,
    current_credit: user.current_credit,
    unread_notifications: unread,
  };
}
