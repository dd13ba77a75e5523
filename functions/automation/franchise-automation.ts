import { automationContracts, FRANCHISE_AUTOMATION_ALREADY_STOPPED_MESSAGE, FRANCHISE_AUTOMATION_NOT_STOPPED_MESSAGE, type FranchiseAutomation } from '../../shared/contracts/automation';
import { clearFranchiseStop, markFranchiseStopped, type StopOwner } from '../data/automation/automation-stop-repository';
import { franchiseUserIds } from '../data/automation/franchise-user-ids';
import { recordActivity } from '../data/activities-repository';
import { notifyUser } from '../notifications/notify-user';
import { now as clockNow } from '../platform/clock';
import { ConflictError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { displayNameOf, rememberTurnedOff } from './automation-status';
import { turnAllSwitchesOff } from './automation-switches';
import { AUTOMATION_NOTIFY_TYPE } from './user-automation';

/**
 * A broker panel's franchise-wide kill switch (issue 20). The franchise's marker holds every user's
 * automated orders at once (each intent checks it); then each user's switches are turned off and
 * remembered and each user is told, page by page through the franchise's users, a few at a time.
 * A user whose turn-off fails is logged and the walk goes on: the marker already holds their orders.
 */
const USERS_AT_ONCE = 8;

/** Where the broker panel's request came from: each user's activity log names it, as their own entries do. */
export interface RequestOrigin {
  readonly ip: string;
  readonly userAgent: string;
}

/** The user is told and the step is in their own activity log (the panel's entry is the contract's). */
async function tell(owner: StopOwner, message: string, step: { readonly action: string; readonly operation: string }, origin: RequestOrigin, log: Logger): Promise<void> {
  await Promise.all([
    notifyUser(owner.frchId, owner.userId, { notifyType: AUTOMATION_NOTIFY_TYPE, message }, log),
    recordActivity({ frchId: owner.frchId, userId: owner.userId, ...step, ip: origin.ip, userAgent: origin.userAgent }),
  ]);
}

async function forEachUser(frchId: number, each: (owner: StopOwner) => Promise<void>, log: Logger): Promise<number> {
  let users = 0;
  for await (const page of franchiseUserIds(frchId)) {
    for (let start = 0; start < page.length; start += USERS_AT_ONCE) {
      const batch = page.slice(start, start + USERS_AT_ONCE);
      await Promise.all(
        batch.map((userId) =>
          each({ frchId, userId }).catch((error: unknown) => {
            log.error('franchise automation step failed for a user', { frchId, userId, error });
          }),
        ),
      );
      users += batch.length;
    }
  }
  return users;
}

export async function stopFranchiseAutomation(caller: StopOwner, origin: RequestOrigin, log: Logger): Promise<FranchiseAutomation> {
  const now = clockNow();
  if (!(await markFranchiseStopped(caller.frchId, await displayNameOf(caller), now))) throw new ConflictError(FRANCHISE_AUTOMATION_ALREADY_STOPPED_MESSAGE);
  const message = 'Your broker panel has stopped all automation: no automated order will be placed until it resumes. Your bridges and groups were turned off.';
  const users = await forEachUser(
    caller.frchId,
    async (owner) => {
      await rememberTurnedOff(owner, await turnAllSwitchesOff(owner, now), now);
      await tell(owner, message, { action: 'Automation stopped by your broker panel', operation: automationContracts.stopFranchiseAutomation.operationId }, origin, log);
    },
    log,
  );
  return { franchise_stopped: true, franchise_stopped_at: now.toISOString(), users };
}

export async function resumeFranchiseAutomation(caller: StopOwner, origin: RequestOrigin, log: Logger): Promise<FranchiseAutomation> {
  if (!(await clearFranchiseStop(caller.frchId, clockNow()))) throw new ConflictError(FRANCHISE_AUTOMATION_NOT_STOPPED_MESSAGE);
  const message = 'Your broker panel has resumed automation. Your bridges and groups stay off until you turn each one back on on the dashboard.';
  const users = await forEachUser(caller.frchId, (owner) => tell(owner, message, { action: 'Automation resumed by your broker panel', operation: automationContracts.resumeFranchiseAutomation.operationId }, origin, log), log);
  return { franchise_stopped: false, franchise_stopped_at: null, users };
}
