import { phonePeConfigContracts } from '../../shared/contracts/phonepe-config';
import { now as clockNow } from '../platform/clock';
import { defineRoute } from '../platform/http/route';
import { savePhonePeConfig } from '../payments/phonepe-config';
import { phonePeWebhookUrl, siteOrigin } from '../payments/payment-urls';

/** Spec §7 `POST updatephonepeconfigs`: saves the franchise's PhonePe settings (secrets sealed; blank keeps). */
export const updatePhonePeConfigsRoute = defineRoute(phonePeConfigContracts.updatePhonePeConfigs, async ({ body, principal, scope }) => {
  const webhookUrl = phonePeWebhookUrl(siteOrigin(scope.raw), principal.frchId);
  const view = await savePhonePeConfig(principal.frchId, principal.userId, body, webhookUrl, clockNow());
  return { data: view, message: 'PhonePe settings saved' };
});
