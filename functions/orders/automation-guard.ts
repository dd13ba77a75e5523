import { automationStoppedReason } from '../../shared/contracts/automation';
import { getAutomationStops, type AutomationStops, type StopOwner } from '../data/automation/automation-stop-repository';
import { BusinessRuleError } from '../platform/errors';

/**
 * The kill switches in the order path (issue 20): the intent's transaction checks the markers
 * (data/orders/order-placement.ts); when it refuses, this says why — read only on that path.
 */
export class AutomationStoppedError extends BusinessRuleError {}

/** Why automated orders are refused now, or null: the user's own stop first (only they can lift it). */
export function stopReasonOf(stops: AutomationStops): string | null {
  if (stops.user) return automationStoppedReason({ scope: 'user', stoppedAt: stops.user.stoppedAt });
  if (stops.franchise) return automationStoppedReason({ scope: 'franchise', stoppedAt: stops.franchise.stoppedAt });
  return null;
}

/** The refusal of an automated order whose intent a stop refused (a stop lifted meanwhile still refuses this order: it was stopped). */
export async function automationRefusal(owner: StopOwner): Promise<AutomationStoppedError> {
  const reason = stopReasonOf(await getAutomationStops(owner)) ?? 'Automation was stopped for your account when this order was to be placed.';
  return new AutomationStoppedError(reason);
}
