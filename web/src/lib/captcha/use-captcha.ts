import { useCallback, useEffect } from 'react';
import { getRuntimeConfig } from '../runtime-config';
import { captchaToken, loadCaptcha } from './captcha-script';

/** What a public form adds to its request: a token when a captcha is configured, nothing otherwise. */
export interface CaptchaField {
  captcha_token?: string;
}

/**
 * The invisible captcha of the runtime config's `captchaSiteKey`: the script loads when the form
 * mounts, and `withCaptcha(action)` answers the field to send. With an empty key (local runs) no
 * script loads and nothing is sent.
 */
export function useCaptcha(): (action: string) => Promise<CaptchaField> {
  const siteKey = getRuntimeConfig().captchaSiteKey;

  useEffect(() => {
    if (siteKey) loadCaptcha(siteKey).catch(() => undefined);
  }, [siteKey]);

  return useCallback(
    async (action: string) => (siteKey ? { captcha_token: await captchaToken(siteKey, action) } : {}),
    [siteKey],
  );
}
