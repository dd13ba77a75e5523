import { listDuePayments, getPayment, type DuePaymentRef } from '../data/payments/payments-repository';
import { OPEN_PAYMENT_STATES } from '../data/payments/stored-payment';
import type { Logger } from '../platform/logger';
import { confirmPayment } from './confirm-payment';
import { loadPhonePeSettings, phonePeProviderFor, type PhonePeSettings } from './phonepe-settings';
import type { PaymentProvider } from './provider/payment-provider';
import type { WalletMover } from '../wallet/move-wallet';

/** Payments asked about at once (each is one status call and a write or two). */
const CONCURRENCY = 4;
/** At most this many payments per run; the rest stay due for the next run. */
const MAX_PER_RUN = 500;

export interface ReconcileSummary {
  readonly checked: number;
  readonly completed: number;
  readonly closed: number;
}

export interface ReconcileOptions {
  readonly now: () => Date;
  readonly log: Logger;
  /** The gateway of a franchise's settings (default: its PhonePe merchant); tests put a model here. */
  readonly providerFor?: (settings: PhonePeSettings) => PaymentProvider;
  /** Only these franchises' payments (default: every franchise's). */
  readonly franchises?: ReadonlySet<number>;
  /** The wallet's mover (default: this process's). */
  readonly move?: WalletMover['move'];
}

/**
 * The reconciliation schedule's run: every payment whose next check is due (a sparse index, no scan) is
 * read again and, if still open, asked about through the one credit rule; each check that settles
 * nothing pushes the next one out (back-off) until PhonePe ends the payment or the give-up time passes.
 */
export async function reconcileDuePayments(options: ReconcileOptions): Promise<ReconcileSummary> {
  const due: DuePaymentRef[] = [];
  for await (const ref of listDuePayments(options.now().toISOString())) {
    if (options.franchises && !options.franchises.has(ref.frchId)) continue;
    due.push(ref);
    if (due.length >= MAX_PER_RUN) break;
  }
  const settingsByFranchise = new Map<number, Promise<PhonePeSettings | null>>();
  const summary = { checked: 0, completed: 0, closed: 0 };
  const work = async (ref: DuePaymentRef) => {
    const payment = await getPayment(ref, ref.paymentId);
    if (!payment || !OPEN_PAYMENT_STATES.includes(payment.state) || (payment.next_check_at && payment.next_check_at > options.now().toISOString())) return;
    let settings = settingsByFranchise.get(ref.frchId);
    if (!settings) {
      settings = loadPhonePeSettings(ref.frchId);
      settingsByFranchise.set(ref.frchId, settings);
    }
    const opened = await settings;
    if (!opened?.clientSecret) return;
    const provider = (options.providerFor ?? phonePeProviderFor)(opened);
    const after = await confirmPayment(payment, { provider, now: options.now, log: options.log, trigger: 'schedule', ...(options.move ? { move: options.move } : {}) });
    summary.checked += 1;
    if (after.state === 'completed') summary.completed += 1;
    else if (!OPEN_PAYMENT_STATES.includes(after.state)) summary.closed += 1;
  };
  let next = 0;
  const lanes = Array.from({ length: CONCURRENCY }, async () => {
    while (next < due.length) {
      const ref = due[next];
      next += 1;
      if (!ref) continue;
      try {
        await work(ref);
      } catch (error) {
        options.log.error('payment not reconciled', { paymentId: ref.paymentId, frchId: ref.frchId, error });
      }
    }
  });
  await Promise.all(lanes);
  return summary;
}
