import { getRefund, listDueRefunds } from '../data/payments/refunds-repository';
import { OPEN_REFUND_STATES } from '../data/payments/stored-refund';
import type { Logger } from '../platform/logger';
import type { WalletMover } from '../wallet/move-wallet';
import { followRefund } from './follow-refund';
import { loadPhonePeSettings, phonePeProviderFor, type PhonePeSettings } from './phonepe-settings';
import type { PaymentProvider } from './provider/payment-provider';

/** At most this many refunds per run; the rest stay due for the next run. */
const MAX_PER_RUN = 200;

export interface RefundReconcileOptions {
  readonly now: () => Date;
  readonly log: Logger;
  readonly providerFor?: (settings: PhonePeSettings) => PaymentProvider;
  /** Only these franchises' refunds (default: every franchise's). */
  readonly franchises?: ReadonlySet<number>;
  readonly move?: WalletMover['move'];
}

/**
 * The schedule's run for refunds: every refund whose next check is due (a sparse index) is read again and,
 * if still open, asked about at PhonePe and settled by the one rule (`followRefund`); a refund PhonePe
 * never received is sent again under the same merchant refund id.
 */
export async function reconcileDueRefunds(options: RefundReconcileOptions): Promise<{ checked: number; settled: number }> {
  const summary = { checked: 0, settled: 0 };
  const settingsByFranchise = new Map<number, Promise<PhonePeSettings | null>>();
  let seen = 0;
  for await (const ref of listDueRefunds(options.now().toISOString())) {
    if (options.franchises && !options.franchises.has(ref.frchId)) continue;
    if ((seen += 1) > MAX_PER_RUN) break;
    try {
      const refund = await getRefund(ref, ref.paymentId, ref.number);
      if (!refund || !OPEN_REFUND_STATES.includes(refund.state) || (refund.next_check_at && refund.next_check_at > options.now().toISOString())) continue;
      let settings = settingsByFranchise.get(ref.frchId);
      if (!settings) {
        settings = loadPhonePeSettings(ref.frchId);
        settingsByFranchise.set(ref.frchId, settings);
      }
      const opened = await settings;
      if (!opened?.clientSecret) continue;
      const after = await followRefund(refund, { provider: (options.providerFor ?? phonePeProviderFor)(opened), now: options.now, log: options.log, ...(options.move ? { move: options.move } : {}) });
      summary.checked += 1;
      if (!OPEN_REFUND_STATES.includes(after.state)) summary.settled += 1;
    } catch (error) {
      options.log.error('refund not reconciled', { paymentId: ref.paymentId, number: ref.number, error });
    }
  }
  return summary;
}
