import { paymentRefundContracts } from '../../shared/contracts/payment-refunds';
import { rupeesFromPaise } from '../../shared/domain/money';
import { now as clockNow } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { readPaymentRefunds } from '../payments/refund-payment';
import { refundView } from '../payments/refund-view';
import { loadPhonePeSettings, phonePeProviderFor } from '../payments/phonepe-settings';

/** Broker panel: a franchise payment's refunds and what may still be refunded. */
export const getPaymentRefundsRoute = defineRoute(paymentRefundContracts.getPaymentRefunds, async ({ body, principal, scope }) => {
  const { refunds, refundablePaise } = await readPaymentRefunds(principal.frchId, body.payment_id, {
    settings: await loadPhonePeSettings(principal.frchId),
    provider: phonePeProviderFor,
    now: clockNow,
    log: scope.log,
  });
  return { data: { refunds: refunds.map(refundView), refundable_amount: rupeesFromPaise(refundablePaise), refundable_paise: refundablePaise }, message: 'Refunds fetched' };
});
