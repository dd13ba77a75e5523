import type { Dashboard } from '../../shared/contracts/user';
import { countBrokerAccountsByStatus, countOpenPositions, countOrdersByStatus } from '../data/dashboard-repository';
import { countUnreadNotifications } from '../data/notifications-repository';
import { getUser } from '../data/users-repository';
import { now as clockNow } from '../platform/clock';
import { NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import { tradingDay } from '../../shared/domain/market-clock';

/** The caller's real figures, each from its own query: nothing here is estimated or invented. */
export async function buildDashboard(owner: Principal, now = clockNow()): Promise<Dashboard> {
  const { frchId, userId } = owner;
  const [user, brokerAccounts, ordersToday, openPositions, unread] = await Promise.all([
    getUser(frchId, userId),
    countBrokerAccountsByStatus(frchId, userId),
    countOrdersByStatus(frchId, userId, tradingDay(now)),
    countOpenPositions(frchId, userId),
    countUnreadNotifications(frchId, userId),
  ]);
  if (!user) throw new NotFoundError('User not found');
  return {
    broker_accounts: brokerAccounts,
    orders_today: ordersToday,
    open_positions: openPositions,
    current_credit: user.current_credit,
    unread_notifications: unread,
  };
}
