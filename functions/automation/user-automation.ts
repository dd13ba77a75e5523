import { AUTOMATION_ALREADY_STOPPED_MESSAGE, AUTOMATION_NOT_STOPPED_MESSAGE, type AutomationStatus, type SquareOffSummary, type StopAutomationResponse } from '../../shared/contracts/automation';
import { clearUserStop, markUserStopped, type StopOwner } from '../data/automation/automation-stop-repository';
import { listBrokerAccounts } from '../data/broker-accounts-repository';
import { notifyUser } from '../notifications/notify-user';
import { squareOffAllPositions } from '../orders/square-off';
import { now as clockNow } from '../platform/clock';
import { ConflictError, DomainError } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { automationStatus, displayNameOf, rememberTurnedOff } from './automation-status';
import { turnAllSwitchesOff } from './automation-switches';

/**
 * A user's "Stop all automation" (issue 20). The marker goes first: from the moment it is written every
 * automated order's intent is refused (data/orders/order-placement.ts), queued signals included; then
 * the switches are turned off and remembered, the open positions closed when asked (manual orders: a
 * stop never blocks them), and the user told.
 */
export const AUTOMATION_NOTIFY_TYPE = 'Automation';

/** Closes every open position of the user's connected accounts; an account that fails is reported, the others still close. */
async function squareOffEverything(owner: StopOwner, log: Logger): Promise<SquareOffSummary> {
  const accounts = (await listBrokerAccounts(owner)).filter((account) => account.status === 'connected');
  const results = await Promise.all(
    accounts.map(async (account) => {
      try {
        return { placed: (await squareOffAllPositions(owner, account, log)).length, failure: null };
      } catch (error) {
        if (!(error instanceof DomainError)) log.error('square-off on stop failed', { brokerId: account.broker_id, error });
        const reason = error instanceof DomainError ? error.message : 'The broker could not be reached to close the positions.';
        return { placed: 0, failure: { broker_id: account.broker_id, reason } };
      }
    }),
  );
  return { orders_placed: results.reduce((sum, result) => sum + result.placed, 0), failures: results.flatMap((result) => (result.failure ? [result.failure] : [])) };
}

function stopNotice(status: AutomationStatus, squareOff: SquareOffSummary | null): string {
  const turnedOff = status.switches.length === 0 ? 'No bridge or group was on.' : `${status.switches.length} bridge and group switches were turned off.`;
  const closed = squareOff === null ? '' : ` ${squareOff.orders_placed} square-off orders were placed${squareOff.failures.length > 0 ? `; ${squareOff.failures.length} accounts could not be squared off` : ''}.`;
  return `All automation is stopped: no automated order will be placed until you resume it. ${turnedOff}${closed}`;
}

export async function stopAutomation(owner: StopOwner, squareOff: boolean, log: Logger): Promise<StopAutomationResponse> {
  const now = clockNow();
  if (!(await markUserStopped(owner, await displayNameOf(owner), now))) throw new ConflictError(AUTOMATION_ALREADY_STOPPED_MESSAGE);
  const status = await rememberTurnedOff(owner, await turnAllSwitchesOff(owner, now), now);
  const summary = squareOff ? await squareOffEverything(owner, log) : null;
  await notifyUser(owner.frchId, owner.userId, { notifyType: AUTOMATION_NOTIFY_TYPE, message: stopNotice(status, summary) }, log);
  return { ...status, square_off: summary };
}

export async function resumeAutomation(owner: StopOwner, log: Logger): Promise<AutomationStatus> {
  if (!(await clearUserStop(owner, clockNow()))) throw new ConflictError(AUTOMATION_NOT_STOPPED_MESSAGE);
  const message = 'Automation is resumed. Your bridges and groups stay off until you turn each one back on.';
  await notifyUser(owner.frchId, owner.userId, { notifyType: AUTOMATION_NOTIFY_TYPE, message }, log);
  return automationStatus(owner);
}
