import * as z from 'zod';
import { MAX_WALLET_MOVEMENT_PAISE, paiseFromRupees } from '../../domain/money';
import { defineConfigGroup } from './config-group';

const rupees = (label: string) =>
  z
    .number({ error: `Enter ${label} in rupees.` })
    .min(0, `${label} cannot be negative.`)
    .refine((value) => paiseFromRupees(value) !== null, 'Amounts are whole paise (at most two decimals).')
    .refine((value) => (paiseFromRupees(value) ?? Number.POSITIVE_INFINITY) <= MAX_WALLET_MOVEMENT_PAISE, 'The amount is above the largest allowed.');

/**
 * PAYMENT_CONFIGS: which ways of adding credit the franchise offers, the top-up limits for every method
 * (PhonePe's own settings may narrow them further), and the prices of what later features sell.
 */
export const paymentConfigsGroup = defineConfigGroup({
  group: 'PAYMENT_CONFIGS',
  title: 'Payments',
  editors: ['brokerPanel'],
  secretFields: [],
  fields: z
    .strictObject({
      phonepe_enabled: z.boolean(),
      bank_enabled: z.boolean(),
      min_topup: rupees('the smallest top-up').refine((value) => value >= 1, 'The smallest top-up is at least ₹1.'),
      max_topup: rupees('the largest top-up'),
      /** Static IP price per month, rupees (the static-IP feature charges it from the wallet). */
      static_ip_monthly_price: rupees('the static IP price'),
      /** Days a released static IP rests before anyone may buy it again (a broker may still hold it registered); at least 30. */
      static_ip_quarantine_days: z
        .number({ error: 'Enter a number of days.' })
        .int('Whole days.')
        .min(30, 'At least 30 days.')
        .max(365, 'At most 365 days.')
        .default(30),
      /** The referral percent a new sub-user's referrer earns unless the parent sets another (0–100, two decimals). */
      default_referral_percent: z
        .number({ error: 'Enter a percent.' })
        .min(0, 'At least 0.')
        .max(100, 'At most 100.')
        .refine((value) => Math.round(value * 100) === value * 100, 'At most two decimals.'),
    })
    .refine((fields) => fields.min_topup <= fields.max_topup, { message: 'The smallest top-up is above the largest.', path: ['min_topup'] }),
});

/** What a franchise that never saved PAYMENT_CONFIGS has. */
export const DEFAULT_PAYMENT_CONFIGS: z.infer<typeof paymentConfigsGroup.fields> = {
  phonepe_enabled: true,
  bank_enabled: true,
  min_topup: 1,
  max_topup: 1_00_000,
  static_ip_monthly_price: 500,
  static_ip_quarantine_days: 30,
  default_referral_percent: 10,
};
