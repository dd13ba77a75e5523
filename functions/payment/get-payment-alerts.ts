import { paymentContracts } from '../../shared/contracts/payments';
import { listPaymentAlerts } from '../data/payments/payment-alerts-repository';
import { defineRoute } from '../platform/http/route';

/** The franchise's payment alerts for its broker panel, newest first. */
export const getPaymentAlertsRoute = defineRoute(paymentContracts.getPaymentAlerts, async ({ body, principal }) => {
  const page = await listPaymentAlerts(principal.frchId, body);
  const items = page.items.map(({ createdAt, ...alert }) => ({ ...alert, create_time: createdAt }));
  return { data: { items, next_cursor: page.nextCursor }, message: 'Payment alerts fetched' };
});
