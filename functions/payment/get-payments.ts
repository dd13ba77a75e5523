import { paymentContracts } from '../../shared/contracts/payments';
import { defineRoute } from '../platform/http/route';
import { paymentView } from '../payments/payment-view';
import { readPayments } from '../payments/read-payment';

/** The caller's payments, newest first. */
export const getPaymentsRoute = defineRoute(paymentContracts.getPayments, async ({ body, principal }) => {
  const page = await readPayments({ frchId: principal.frchId, userId: principal.userId }, body);
  return { data: { items: page.items.map(paymentView), next_cursor: page.nextCursor }, message: 'Payments fetched' };
});
