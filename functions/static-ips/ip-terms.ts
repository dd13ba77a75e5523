import { DEFAULT_PAYMENT_CONFIGS } from '../../shared/contracts/config-groups/payment-configs';
import { DEFAULT_IP_QUARANTINE_DAYS } from '../../shared/contracts/ips';
import { paiseFromRupees, rupeesFromPaise } from '../../shared/domain/money';
import { readConfigFields } from '../panel-configs/read-panel-configs';

/** Days before expiry the holder is told the IP renews (or ends). */
export const RENEWAL_NOTICE_DAYS = 3;
const DAY_MS = 86_400_000;

export const NO_FREE_IP_MESSAGE = 'No free IPv4 address is left. Please try again later or ask your broker.';
export const noFreeIpMessage = (version: string) => NO_FREE_IP_MESSAGE.replace('IPv4', version);
export const IP_NOT_FOUND_MESSAGE = 'Static IP not found';
export const IP_CHANGED_MESSAGE = 'The static IP changed meanwhile. Please try again.';
export const NOTIFY_TYPE = 'Static IP';

/** The franchise's static-IP terms (PAYMENT_CONFIGS): the monthly price in paise and the quarantine in days. */
export async function staticIpTerms(frchId: number): Promise<{ monthlyPricePaise: number; quarantineDays: number }> {
  const configs = await readConfigFields(frchId, 'PAYMENT_CONFIGS');
  const rupees = configs?.static_ip_monthly_price ?? DEFAULT_PAYMENT_CONFIGS.static_ip_monthly_price;
  return {
    monthlyPricePaise: paiseFromRupees(rupees) ?? 0,
    quarantineDays: Math.max(DEFAULT_IP_QUARANTINE_DAYS, configs?.static_ip_quarantine_days ?? DEFAULT_IP_QUARANTINE_DAYS),
  };
}

/** `from` plus whole calendar months (UTC): a period bought on the 31st ends on the last day of a shorter month. */
export function addMonths(from: Date, months: number): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export const addDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/** When the renewal schedule next has work on an assigned slot: the notice (once per period), then the expiry. */
export function renewalDueAt(expiresAt: string, noticeFor: string | null): string {
  return noticeFor === expiresAt ? expiresAt : addDays(new Date(expiresAt), -RENEWAL_NOTICE_DAYS).toISOString();
}

export const rupeesText = (paise: number) =>
  `₹${rupeesFromPaise(paise).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A date as users read it in messages: "27 Nov 2026". */
export const dayText = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
