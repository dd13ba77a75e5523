import { paymentContracts } from '../../shared/contracts/payments';
import { paiseFromRupees } from '../../shared/domain/money';
import { now as clockNow } from '../platform/clock';
import { ValidationError } from '../platform/errors';
import { defineRoute } from '../platform/http/route';
import { makePayment } from '../payments/make-payment';
import { checkTopUp } from '../payments/payment-options';
import { siteOrigin, walletReturnUrl } from '../payments/payment-urls';
import { paymentView } from '../payments/payment-view';
import { loadPhonePeSettings, phonePeProviderFor } from '../payments/phonepe-settings';

/** Spec §7 `POST /payment/makepayment`: starts a PhonePe payment and answers where the browser pays it. */
export const makePaymentRoute = defineRoute(paymentContracts.makePayment, async ({ body, principal, scope }) => {
  const amountPaise = paiseFromRupees(body.amount);
  if (amountPaise === null) throw new ValidationError([{ path: 'amount', message: 'Amounts are whole paise (at most two decimals).' }]);
  await checkTopUp(principal.frchId, 'PHONEPE', amountPaise);
  const origin = siteOrigin(scope.raw);
  const { payment, walletUrl } = await makePayment({ frchId: principal.frchId, userId: principal.userId }, amountPaise, {
    settings: await loadPhonePeSettings(principal.frchId),
    provider: phonePeProviderFor,
    returnUrlFor: (paymentId) => walletReturnUrl(origin, paymentId),
    now: clockNow,
    log: scope.log,
  });
  return {
    data: { ...paymentView(payment), user_id: principal.userId, checkout_url: payment.checkout_url ?? '', wallet_url: walletUrl },
    message: 'Payment started. Complete it on PhonePe.',
  };
});
