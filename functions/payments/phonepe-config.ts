import { MASKED_SECRET, type PhonePeConfigView, type UpdatePhonePeConfig } from '../../shared/contracts/phonepe-config';
import { paiseFromRupees, rupeesFromPaise } from '../../shared/domain/money';
import { getPhonePeConfigItem, putPhonePeConfigItem, type PhonePeConfigItem } from '../data/payments/phonepe-config-repository';
import { ConflictError, ValidationError } from '../platform/errors';
import { sealSecrets } from '../platform/secrets/secret-box';
import type { ValidationIssue } from '../../shared/contracts/envelope';
import { forgetOpenedPhonePeSettings, paymentLimitsOf, phonePeSecretScope } from './phonepe-settings';

export const PHONEPE_CONFIG_CHANGED_MESSAGE = 'The PhonePe settings were changed meanwhile. Reload them and save again.';

/** The settings as the broker panel sees them: secrets masked, the webhook URL to give PhonePe. */
export function phonePeConfigView(item: PhonePeConfigItem | null, webhookUrl: string): PhonePeConfigView {
  const limits = paymentLimitsOf(item);
  const secretSet = Boolean(item?.sealed.client_secret);
  const passwordSet = Boolean(item?.sealed.webhook_password);
  return {
    configured: item !== null,
    client_id: item?.client_id ?? '',
    client_secret: secretSet ? MASKED_SECRET : '',
    client_secret_set: secretSet,
    client_version: item?.client_version ?? 1,
    webhook_username: item?.webhook_username ?? '',
    webhook_password: passwordSet ? MASKED_SECRET : '',
    webhook_password_set: passwordSet,
    environment: item?.environment ?? 'SANDBOX',
    enabled: item?.enabled ?? false,
    min_amount: rupeesFromPaise(limits.minPaise),
    max_amount: rupeesFromPaise(limits.maxPaise),
    webhook_url: webhookUrl,
    updated_at: item?.updatedAt ?? null,
  };
}

export async function readPhonePeConfig(frchId: number, webhookUrl: string): Promise<PhonePeConfigView> {
  return phonePeConfigView(await getPhonePeConfigItem(frchId), webhookUrl);
}

/** A typed value, or nothing when the field was left blank (or sent back masked): the stored one is kept. */
const typed = (value: string) => (value === '' || value === MASKED_SECRET ? null : value);

function checkComplete(input: UpdatePhonePeConfig, sealedFields: readonly string[], limits: { minPaise: number; maxPaise: number }): void {
  const issues: ValidationIssue[] = [];
  if (input.enabled && !sealedFields.includes('client_secret')) issues.push({ path: 'client_secret', message: 'Enter the client secret to turn PhonePe on.' });
  if (input.enabled && !sealedFields.includes('webhook_password')) issues.push({ path: 'webhook_password', message: 'Enter the webhook password to turn PhonePe on.' });
  if (limits.minPaise > limits.maxPaise) issues.push({ path: 'min_amount', message: 'The minimum amount is above the maximum.' });
  if (limits.minPaise < 100) issues.push({ path: 'min_amount', message: 'PhonePe takes payments of ₹1 or more.' });
  if (issues.length > 0) throw new ValidationError(issues, issues[0]?.message);
}

/**
 * Saves the franchise's PhonePe settings. Typed secrets are sealed (each under its own data key); blank
 * ones keep the stored ciphertext untouched. The write is conditioned on the version read (409 when two
 * saves crossed). Answers the settings masked.
 */
export async function savePhonePeConfig(frchId: number, actorUserId: number, input: UpdatePhonePeConfig, webhookUrl: string, now: Date): Promise<PhonePeConfigView> {
  const existing = await getPhonePeConfigItem(frchId);
  const fresh: Record<string, string> = {};
  const secret = typed(input.client_secret);
  const password = typed(input.webhook_password);
  if (secret) fresh.client_secret = secret;
  if (password) fresh.webhook_password = password;
  const limits = {
    minPaise: input.min_amount === undefined ? paymentLimitsOf(null).minPaise : (paiseFromRupees(input.min_amount) ?? 0),
    maxPaise: input.max_amount === undefined ? paymentLimitsOf(null).maxPaise : (paiseFromRupees(input.max_amount) ?? 0),
  };
  const keptFields = Object.keys(existing?.sealed ?? {});
  checkComplete(input, [...keptFields, ...Object.keys(fresh)], limits);
  const sealed = { ...(existing?.sealed ?? {}), ...(Object.keys(fresh).length > 0 ? await sealSecrets(phonePeSecretScope(frchId), fresh) : {}) };
  const at = now.toISOString();
  const item: PhonePeConfigItem = {
    entity: 'phonepe-config',
    frch_id: frchId,
    client_id: input.client_id,
    client_version: input.client_version,
    webhook_username: input.webhook_username,
    environment: input.environment,
    enabled: input.enabled,
    min_amount_paise: input.min_amount === undefined ? null : limits.minPaise,
    max_amount_paise: input.max_amount === undefined ? null : limits.maxPaise,
    sealed,
    v: (existing?.v ?? 0) + 1,
    updated_by: actorUserId,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
  };
  if (!(await putPhonePeConfigItem(item, existing?.v ?? 0))) throw new ConflictError(PHONEPE_CONFIG_CHANGED_MESSAGE);
  forgetOpenedPhonePeSettings(frchId);
  return phonePeConfigView(item, webhookUrl);
}

/** What the franchise offers a trader for adding credit: PhonePe when it is on, with its limits (rupees). */
export async function phonePePaymentOption(frchId: number): Promise<{ payment_api: 'PHONEPE'; enabled: boolean; min_amount: number; max_amount: number }> {
  const item = await getPhonePeConfigItem(frchId);
  const limits = paymentLimitsOf(item);
  const enabled = Boolean(item?.enabled && item.sealed.client_secret && item.sealed.webhook_password);
  return { payment_api: 'PHONEPE', enabled, min_amount: rupeesFromPaise(limits.minPaise), max_amount: rupeesFromPaise(limits.maxPaise) };
}
