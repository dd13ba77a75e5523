import type { GroupOrderFanOut, TargetOutcome } from '@shared/contracts/groups';
import type { ToastVariation } from '@/components/toast/toast-context';
import { STATUS_LABELS } from '@/entities/orders/order-labels';

const isRefused = (target: TargetOutcome) => target.status === 'rejected' || target.status === 'failed';

/** What became of one account's part: "Completed", "Rejected", "Skipped", "Changed · Pending"… */
export function targetOutcomeLabel(target: TargetOutcome): string {
  if (target.outcome === 'skipped') return target.status ? `Skipped · ${STATUS_LABELS[target.status]}` : 'Skipped';
  if (target.order?.submission === 'UNKNOWN') return 'Sent, awaiting the broker';
  const status = target.status ? STATUS_LABELS[target.status] : 'Sent';
  return target.outcome === 'changed' ? `Changed · ${status}` : status;
}

/**
 * The toast for a group order or a change of it: how many accounts took it, and how many refused or
 * were skipped; green when every account took it, red when none did.
 */
export function fanOutSummary(fanOut: GroupOrderFanOut, verb: 'placed' | 'changed'): { variation: ToastVariation; message: string } {
  const total = fanOut.targets.length;
  const done = fanOut.targets.filter((target) => target.outcome !== 'skipped' && !isRefused(target)).length;
  const refused = fanOut.targets.filter((target) => target.outcome !== 'skipped' && isRefused(target)).length;
  const skipped = fanOut.targets.filter((target) => target.outcome === 'skipped').length;
  const notes = [refused > 0 ? `${refused} refused by the broker` : '', skipped > 0 ? `${skipped} skipped` : ''].filter(Boolean);
  const message = `Group order ${verb} on ${done} of ${total} ${total === 1 ? 'account' : 'accounts'}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}.`;
  const variation: ToastVariation = done === total ? 'success' : done === 0 ? 'error' : 'warning';
  return { variation, message };
}
