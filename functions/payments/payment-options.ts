import type { z } from 'zod';
import type { paymentOptionSchema } from '../../shared/contracts/payments';
import { paiseFromRupees } from '../../shared/domain/money';
import { getBankDetails } from '../data/bank-transfers/bank-details-repository';
import { BusinessRuleError } from '../platform/errors';
import { readConfigFields } from '../panel-configs/read-panel-configs';
import { phonePePaymentOption } from './phonepe-config';
import { rupeesText } from './payment-view';

export type PaymentOption = z.infer<typeof paymentOptionSchema>;
type Method = PaymentOption['payment_api'];

export const METHOD_OFF_MESSAGES: Readonly<Record<Method, string>> = {
  PHONEPE: 'Payments by PhonePe are not available. Please contact your broker.',
  BANK: 'Bank transfers are not available. Please contact your broker.',
};

/**
 * The ways the franchise takes money for the wallet (PAYMENT_CONFIGS on top of each method's own set-up):
 * PhonePe when the franchise offers it and its PhonePe settings are on; a bank transfer when offered and
 * the receiving account is saved. Limits: the franchise's top-up limits, narrowed by PhonePe's own.
 */
export async function paymentOptions(frchId: number): Promise<PaymentOption[]> {
  return (await readOffer(frchId)).options;
}

/** The franchise's switches (PAYMENT_CONFIGS) and the options they make, from one set of reads. */
async function readOffer(frchId: number): Promise<{ offered: Readonly<Record<Method, boolean>>; options: PaymentOption[] }> {
  const [configs, phonePe, bank] = await Promise.all([readConfigFields(frchId, 'PAYMENT_CONFIGS'), phonePePaymentOption(frchId), getBankDetails(frchId)]);
  const offered = { PHONEPE: configs?.phonepe_enabled ?? true, BANK: configs?.bank_enabled ?? true };
  const min = configs?.min_topup ?? 1;
  const max = configs?.max_topup ?? phonePe.max_amount;
  return {
    offered,
    options: [
      { payment_api: 'PHONEPE', enabled: offered.PHONEPE && phonePe.enabled, min_amount: Math.max(min, phonePe.min_amount), max_amount: Math.min(max, phonePe.max_amount) },
      { payment_api: 'BANK', enabled: offered.BANK && bank !== null, min_amount: min, max_amount: max },
    ],
  };
}

/** Refuses a top-up the franchise does not take: the method switched off, or the amount outside its limits (422). */
export async function checkTopUp(frchId: number, method: Method, amountPaise: number): Promise<void> {
  const { offered, options } = await readOffer(frchId);
  if (!offered[method]) throw new BusinessRuleError(METHOD_OFF_MESSAGES[method]);
  // A method offered but not set up yet (no PhonePe settings, no receiving account) is refused by its own use-case, in its own words.
  const option = options.find((candidate) => candidate.payment_api === method);
  if (!option?.enabled) return;
  const minPaise = paiseFromRupees(option.min_amount) ?? 0;
  const maxPaise = paiseFromRupees(option.max_amount) ?? 0;
  if (amountPaise < minPaise) throw new BusinessRuleError(`The amount must be at least ${rupeesText(minPaise)}.`);
  if (amountPaise > maxPaise) throw new BusinessRuleError(`The amount must be at most ${rupeesText(maxPaise)}.`);
}
