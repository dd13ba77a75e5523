import { paymentContracts } from '../../shared/contracts/payments';
import { defineRoute } from '../platform/http/route';
import { paymentOptions } from '../payments/payment-options';

/** The ways the caller's franchise takes money for the wallet, with their limits. */
export const getPaymentOptionsRoute = defineRoute(paymentContracts.getPaymentOptions, async ({ principal }) => {
  return { data: { methods: await paymentOptions(principal.frchId) }, message: 'Payment options fetched' };
});
