import type { Position } from '@shared/contracts/ordermanager';

/** How often a bridge's positions are read again while one can move without the user (an OPEN P&L, a WAITING entry). */
export const BRIDGE_POSITIONS_REFRESH_MS = 2_000;

const LIVE_STATUSES: ReadonlySet<Position['op_status']> = new Set(['OPEN', 'WAITING']);

export function hasLivePosition(positions: readonly Position[] | undefined): boolean {
  return positions?.some((position) => LIVE_STATUSES.has(position.op_status)) ?? false;
}

export function positionsRefreshInterval(positions: readonly Position[] | undefined): number | false {
  return hasLivePosition(positions) ? BRIDGE_POSITIONS_REFRESH_MS : false;
}
