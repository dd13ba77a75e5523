import type { RequestOf } from '../../shared/contracts/define-call';
import type { Activity, userContracts } from '../../shared/contracts/user';
import { listActivities } from '../data/activities-repository';
import type { Principal } from '../platform/http/principal';
import { resolveHistoryRange } from './history-range';
import { now as clockNow } from '../platform/clock';

export type ActivityLogRequest = RequestOf<typeof userContracts.getUserActivities>;

/** The caller's activity log over the requested days, newest first, one page at a time. */
export async function readActivityLog(owner: Pick<Principal, 'frchId' | 'userId'>, request: ActivityLogRequest, now = clockNow()): Promise<{ items: Activity[]; next_cursor: string | null }> {
  const range = resolveHistoryRange(request, now);
  const page = await listActivities(owner.frchId, owner.userId, range, { limit: request.limit, cursor: request.cursor });
  return { items: page.items, next_cursor: page.nextCursor };
}
