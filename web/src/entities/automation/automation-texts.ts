import type { AutomationStatus, AutomationSwitch, StopAutomationResponse } from '@shared/contracts/automation';
import { formatDateTime } from '@/lib/format/date-time';

/** What each kind of switch is called on its own screen. */
export const SWITCH_KIND_LABELS: Readonly<Record<AutomationSwitch['kind'], string>> = {
  json_bridge: 'Json Bridge',
  custom_bridge: 'Custom bridge',
  copy_group: 'Copy-trading group',
  order_group: 'Order group',
};

export const STOP_EXPLANATION =
  "No bridge, copy-trading group or order group will place an order from now on: entries and exits alike (the order manager's stop-loss and target exits too), signals already waiting included. Every one that is on is turned off; after you resume, you turn each back on yourself. Orders you place by hand still go through, so square off now or watch your open positions.";

/** "Stopped since 27 Nov 2026, 12:05 by Asha Rao" for the user's own stop. */
export function ownStopText(status: AutomationStatus): string {
  const since = status.stopped_at ? ` since ${formatDateTime(status.stopped_at)}` : '';
  const by = status.stopped_by ? ` by ${status.stopped_by}` : '';
  return `Automation is stopped${since}${by}. No automated order is placed until you resume.`;
}

export function franchiseStopText(status: Pick<AutomationStatus, 'franchise_stopped_at'>): string {
  const since = status.franchise_stopped_at ? ` since ${formatDateTime(status.franchise_stopped_at)}` : '';
  return `Your broker panel has stopped automation for every user${since}. No automated order is placed until it resumes.`;
}

/** The toast after a stop: what was turned off and, when asked, how the square-off went. */
export function stopOutcomeText(stopped: StopAutomationResponse): string {
  const off = stopped.switches.filter((each) => !each.is_on).length;
  const parts = [`All automation stopped; ${off} ${off === 1 ? 'switch is' : 'switches are'} off.`];
  if (stopped.square_off) {
    const { orders_placed: placed, failures } = stopped.square_off;
    parts.push(`${placed} square-off ${placed === 1 ? 'order' : 'orders'} placed.`);
    if (failures.length > 0) parts.push(`${failures.length} ${failures.length === 1 ? 'account' : 'accounts'} could not be squared off: ${failures.map((failure) => failure.reason).join('; ')}`);
  }
  return parts.join(' ');
}
