import { getRuntimeConfig } from '@/lib/runtime-config';

/**
 * The full webhook URL of a `webhook_path` (`/api/v4/users/jsonbridge/webhook/<id>/<key>`): the API's
 * origin in front (the page's own when the API is same-origin, as locally).
 */
export function webhookUrlOf(webhookPath: string): string {
  const apiOrigin = new URL(getRuntimeConfig().apiBaseUrl, window.location.origin).origin;
  return `${apiOrigin}${webhookPath}`;
}

/**
 * Webhook URLs shown this session, by bridge: the key is never stored server-side in plain text nor in
 * the browser's storage, so the syntax generator can send a test signal only while the page that made the
 * key is still open. A reload forgets them.
 */
const sessionUrls = new Map<string, string>();

export function rememberWebhookUrl(bridgeId: string, url: string): void {
  sessionUrls.set(bridgeId, url);
}

export function rememberedWebhookUrl(bridgeId: string): string {
  return sessionUrls.get(bridgeId) ?? '';
}
