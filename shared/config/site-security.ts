/**
 * The content security policy of the site, served by CloudFront on AWS and by the local gateway.
 * The SPA loads only its own scripts and talks only to its own origin: the API under /api/v4 and
 * the realtime socket at /api/v4/ws (same origin, so `'self'` covers wss: too).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
].join('; ');
