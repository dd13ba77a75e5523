import type { CallContract } from '../../shared/contracts/define-call';
import { recordActivity } from '../data/activities-repository';
import type { Logger } from '../platform/logger';
import type { IncomingRequest } from '../platform/http/request';

/**
 * Writes the activity entry of a successful state-changing call (the contract's `activity`): who,
 * what, when, from which IP. The change has already happened, so a failed write is logged, not
 * turned into an error the client would retry.
 */
export async function writeActivity(
  contract: CallContract,
  actor: { readonly frchId: number; readonly userId: number } | null | undefined,
  request: IncomingRequest,
  log: Logger,
  note?: string,
): Promise<void> {
  if (!contract.activity || !actor) return;
  try {
    await recordActivity({
      frchId: actor.frchId,
      userId: actor.userId,
      action: note ? `${contract.activity}: ${note}` : contract.activity,
      operation: contract.operationId,
      ip: request.sourceIp,
      userAgent: request.userAgent,
    });
  } catch (error) {
    log.error('activity not recorded', { operation: contract.operationId, error });
  }
}
