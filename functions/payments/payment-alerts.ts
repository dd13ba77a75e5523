import { listBrokerPanelAdmins } from '../data/broker-panel-admins';
import { claimAlertWindow, recordPaymentAlert, type NewPaymentAlert } from '../data/payments/payment-alerts-repository';
import type { Logger } from '../platform/logger';
import { notifyUser } from '../notifications/notify-user';

/** Spec §3 lists no payment notification type; like other new types it shows with the generic icon. */
export const PAYMENT_ALERT_NOTIFICATION_TYPE = 'Payment Alert';

/** Refused webhooks can come in floods: their admins hear of each kind at most once an hour (each is still recorded). */
const NOTIFY_WINDOW_MS = 3_600_000;

/**
 * Records something about payments the broker panel must see (`getpaymentalerts`) and tells the
 * franchise's broker-panel users by notification: `always` for one payment's problem (a mismatch —
 * written once, by the call that moved the payment), `hourly` for refused webhooks. Never throws: the
 * alert follows something that already happened; a failure is logged.
 */
export async function raisePaymentAlert(frchId: number, alert: NewPaymentAlert, notify: 'always' | 'hourly', now: Date, log: Logger): Promise<void> {
  try {
    await recordPaymentAlert(frchId, alert, now);
    if (notify === 'hourly') {
      const windowStart = Math.floor(now.getTime() / NOTIFY_WINDOW_MS) * NOTIFY_WINDOW_MS;
      if (!(await claimAlertWindow(frchId, alert.kind, windowStart, NOTIFY_WINDOW_MS))) return;
    }
    for await (const adminId of listBrokerPanelAdmins(frchId)) {
      await notifyUser(frchId, adminId, { notifyType: PAYMENT_ALERT_NOTIFICATION_TYPE, message: alert.message }, log);
    }
  } catch (error) {
    log.error('payment alert not recorded', { frchId, kind: alert.kind, error });
  }
}
