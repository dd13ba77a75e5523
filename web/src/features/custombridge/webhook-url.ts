import { getRuntimeConfig } from '@/lib/runtime-config';

/**
 * The full URL a sender posts to: the API's origin (the runtime config's, when the API lives elsewhere,
 * else the page's) followed by the webhook path the server answered (`/api/v4/users/bridge/webhook/<key>`).
 */
export function webhookUrlOf(webhookPath: string): string {
  const apiOrigin = new URL(getRuntimeConfig().apiBaseUrl, window.location.origin).origin;
  return `${apiOrigin}${webhookPath}`;
}
