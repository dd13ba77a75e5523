import { reconcileDuePayments, type ReconcileSummary } from '../payments/reconcile-payments';
import { reconcileDueRefunds } from '../payments/reconcile-refunds';
import { now as clockNow } from '../platform/clock';
import { config } from '../platform/config';
import { createLogger } from '../platform/logger';

/**
 * The reconciliation schedule (every minute): payments still open a couple of minutes after they
 * started are asked about at PhonePe with back-off, and credited by the same rule as the webhook; refunds PhonePe has not settled are followed the same way.
 */
export async function handler(): Promise<ReconcileSummary> {
  const log = createLogger({ worker: 'payment-reconciliation' }, config().logLevel);
  const summary = await reconcileDuePayments({ now: clockNow, log });
  if (summary.checked > 0) log.info('payments reconciled', { ...summary });
  const refunds = await reconcileDueRefunds({ now: clockNow, log });
  if (refunds.checked > 0) log.info('refunds followed', { ...refunds });
  return summary;
}
