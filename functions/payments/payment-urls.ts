import { API_BASE_PATH, WEB_BASE_PATH } from '../../shared/domain/constants';
import type { IncomingRequest } from '../platform/http/request';
import { requestHost } from '../platform/http/tenant';

const LOCAL_HOSTS = /^(localhost|127\.0\.0\.1|\[::1\]|[a-z0-9-]+\.localhost)(:\d+)?$/i;

/** The site the request came to: https on the tenant's host, http for a local runtime on this machine. */
export function siteOrigin(request: IncomingRequest): string {
  const host = requestHost(request.headers) || request.host;
  return `${LOCAL_HOSTS.test(host) ? 'http' : 'https'}://${host}`;
}

/** Where PhonePe sends the browser back: the wallet page, naming the payment (it shows its state, it credits nothing). */
export function walletReturnUrl(origin: string, paymentId: string): string {
  return `${origin}${WEB_BASE_PATH}wallet?payment=${encodeURIComponent(paymentId)}`;
}

/** The franchise's webhook URL, to enter in PhonePe's dashboard. */
export function phonePeWebhookUrl(origin: string, frchId: number): string {
  return `${origin}${API_BASE_PATH}/payment/webhook/phonepe/${frchId}`;
}
