import type { OrderGroup } from '@shared/contracts/ordermanager';

/** How often positions are read again while any of them can still move (an OPEN P&L, a WAITING entry). */
export const ORDER_MANAGER_LIVE_REFRESH_MS = 2_000;

/** Whether a group holds a position whose price, P&L or state can change without the user acting. */
export function isLive(group: Pick<OrderGroup, 'open_position_count' | 'waiting_position_count'>): boolean {
  return group.open_position_count > 0 || group.waiting_position_count > 0;
}

/** The refetch interval for a list of groups: poll while any is live, stop when all are settled. */
export function liveRefreshInterval(groups: readonly OrderGroup[] | undefined): number | false {
  return groups?.some(isLive) ? ORDER_MANAGER_LIVE_REFRESH_MS : false;
}
