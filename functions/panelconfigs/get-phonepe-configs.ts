import { phonePeConfigContracts } from '../../shared/contracts/phonepe-config';
import { defineRoute } from '../platform/http/route';
import { readPhonePeConfig } from '../payments/phonepe-config';
import { phonePeWebhookUrl, siteOrigin } from '../payments/payment-urls';

/** Spec §7 `GET getphonepeconfigs`: the franchise's PhonePe settings, secrets masked. */
export const getPhonePeConfigsRoute = defineRoute(phonePeConfigContracts.getPhonePeConfigs, async ({ principal, scope }) => {
  const view = await readPhonePeConfig(principal.frchId, phonePeWebhookUrl(siteOrigin(scope.raw), principal.frchId));
  return { data: view, message: 'PhonePe settings fetched' };
});
