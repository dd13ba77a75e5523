/**
 * The content security policy of the site, served by CloudFront on AWS and by the local gateway.
 * The SPA loads only its own scripts and talks only to its own origin: the API under /api/v4 and
 * the realtime socket at /api/v4/ws (same origin, so `'self'` covers wss: too).
 */
export function contentSecurityPolicy(options: { readonly captcha: boolean }): string {
  // The invisible captcha (reCAPTCHA) loads its script from Google and runs in a Google frame.
  const captchaScripts = options.captcha ? ' https://www.google.com https://www.gstatic.com' : '';
  return [
    "default-src 'self'",
    `script-src 'self'${captchaScripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "connect-src 'self'",
    options.captcha ? 'frame-src https://www.google.com' : "frame-src 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
  ].join('; ');
}
