/** The invisible-captcha API the provider's script installs on `window` (reCAPTCHA v3 style). */
interface CaptchaApi {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: CaptchaApi;
  }
}

const SCRIPT_ID = 'invisible-captcha-script';

export function captchaScriptUrl(siteKey: string): string {
  return `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
}

let loading: Promise<CaptchaApi> | null = null;

function readyApi(): Promise<CaptchaApi> | null {
  const api = window.grecaptcha;
  if (!api || typeof api.ready !== 'function' || typeof api.execute !== 'function') return null;
  return new Promise((resolve) => api.ready(() => resolve(api)));
}

/** Adds the provider's script once per page and resolves when its API is ready. */
export function loadCaptcha(siteKey: string): Promise<CaptchaApi> {
  loading ??= new Promise<CaptchaApi>((resolve, reject) => {
    const present = readyApi();
    if (present) {
      void present.then(resolve);
      return;
    }
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = captchaScriptUrl(siteKey);
    script.async = true;
    script.onload = () => {
      const api = readyApi();
      if (api) void api.then(resolve);
      else reject(new Error('The captcha script loaded without its API'));
    };
    script.onerror = () => reject(new Error('The captcha script could not be loaded'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** A fresh single-use token for one submission. */
export async function captchaToken(siteKey: string, action: string): Promise<string> {
  const api = await loadCaptcha(siteKey);
  return api.execute(siteKey, { action });
}
