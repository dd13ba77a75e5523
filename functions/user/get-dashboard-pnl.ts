import { userContracts } from '../../shared/contracts/user';
import { defineRoute } from '../platform/http/route';
import { pnlThroughDay } from '../portfolio/pnl-through-day';

/** Today's P&L through the day, over every account or the one named (the caller's own, else 404). */
export const getDashboardPnlRoute = defineRoute(userContracts.getDashboardPnl, async ({ principal, body }) => {
  const series = await pnlThroughDay({ frchId: principal.frchId, userId: principal.userId }, body.broker_id);
  return { data: series, message: "Today's P&L fetched" };
});
