import { DEFAULT_MAX_PAYMENT_PAISE, DEFAULT_MIN_PAYMENT_PAISE } from '../../shared/contracts/payments';
import type { PhonePeEnvironment } from '../../shared/contracts/phonepe-config';
import { getPhonePeConfigItem, type PhonePeConfigItem } from '../data/payments/phonepe-config-repository';
import { BusinessRuleError } from '../platform/errors';
import { openSecrets } from '../platform/secrets/secret-box';
import type { SecretScope } from '../platform/secrets/sealed-secret';
import { createPhonePeProvider } from './phonepe/phonepe-provider';
import type { PaymentProvider } from './provider/payment-provider';

/** A franchise's PhonePe settings with the secrets opened (server memory only; never answered or logged). */
export interface PhonePeSettings {
  readonly frchId: number;
  readonly environment: PhonePeEnvironment;
  readonly enabled: boolean;
  readonly clientId: string;
  readonly clientVersion: number;
  readonly clientSecret: string | null;
  readonly webhookUsername: string;
  readonly webhookPassword: string | null;
  readonly minPaise: number;
  readonly maxPaise: number;
}

export const PHONEPE_UNAVAILABLE_MESSAGE = 'Payments by PhonePe are not available. Please contact your broker.';

/** The franchise's settings are sealed as the franchise's own (user 0), bound to this record. */
export function phonePeSecretScope(frchId: number): SecretScope {
  return { frchId, userId: 0, accountId: 'payconfig-phonepe' };
}

/** The amount limits of a franchise's payments (its own, else the platform's). */
export function paymentLimitsOf(item: Pick<PhonePeConfigItem, 'min_amount_paise' | 'max_amount_paise'> | null): { minPaise: number; maxPaise: number } {
  return { minPaise: item?.min_amount_paise ?? DEFAULT_MIN_PAYMENT_PAISE, maxPaise: item?.max_amount_paise ?? DEFAULT_MAX_PAYMENT_PAISE };
}

/** Opened settings by franchise, kept while the stored record is the same save (a webhook then needs no KMS call). */
const opened = new Map<number, { readonly stamp: string; readonly settings: PhonePeSettings }>();

/** The franchise's PhonePe settings, secrets opened; null when none were saved. */
export async function loadPhonePeSettings(frchId: number): Promise<PhonePeSettings | null> {
  const item = await getPhonePeConfigItem(frchId);
  if (!item) return null;
  const stamp = `${item.v}|${item.updatedAt}`;
  const cached = opened.get(frchId);
  if (cached?.stamp === stamp) return cached.settings;
  const secrets = await openSecrets(phonePeSecretScope(frchId), item.sealed);
  const settings: PhonePeSettings = {
    frchId,
    environment: item.environment,
    enabled: item.enabled,
    clientId: item.client_id,
    clientVersion: item.client_version,
    clientSecret: secrets.client_secret ?? null,
    webhookUsername: item.webhook_username,
    webhookPassword: secrets.webhook_password ?? null,
    ...paymentLimitsOf(item),
  };
  opened.set(frchId, { stamp, settings });
  return settings;
}

/** A save replaces the settings: the next read opens them afresh. */
export function forgetOpenedPhonePeSettings(frchId: number): void {
  opened.delete(frchId);
}

/** The PhonePe client of the franchise's merchant account. */
export function phonePeProviderFor(settings: PhonePeSettings): PaymentProvider {
  if (!settings.clientSecret) throw new BusinessRuleError(PHONEPE_UNAVAILABLE_MESSAGE);
  return createPhonePeProvider({
    environment: settings.environment,
    credentials: { clientId: settings.clientId, clientSecret: settings.clientSecret, clientVersion: settings.clientVersion },
  });
}
