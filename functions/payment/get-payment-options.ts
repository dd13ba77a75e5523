import { paymentContracts } from '../../shared/contracts/payments';
import { defineRoute } from '../platform/http/route';
import { phonePePaymentOption } from '../payments/phonepe-config';

/** The ways the caller's franchise takes money for the wallet, with their limits. */
export const getPaymentOptionsRoute = defineRoute(paymentContracts.getPaymentOptions, async ({ principal }) => {
  return { data: { methods: [await phonePePaymentOption(principal.frchId)] }, message: 'Payment options fetched' };
});
