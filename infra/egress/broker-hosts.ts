import { ANGEL_API_BASE_URL } from '../../functions/broker-adapters/angelone/angel-config';
import { DHAN_API_BASE_URL, DHAN_AUTH_BASE_URL } from '../../functions/broker-adapters/dhan/dhan-config';
import { FYERS_API_BASE_URL } from '../../functions/broker-adapters/fyers/fyers-config';
import { UPSTOX_API_BASE_URL, UPSTOX_ORDER_API_BASE_URL } from '../../functions/broker-adapters/upstox/upstox-config';
import { KITE_API_BASE_URL } from '../../functions/broker-adapters/zerodha/kite-config';

/**
 * The AWS echo service the static-IP screen's egress check asks "which address do you see?" through a
 * slot (EGRESS_ECHO_URL of the functions that run the check).
 */
export const AWS_EGRESS_ECHO_URL = 'https://checkip.amazonaws.com';

/**
 * What the proxies may open (EGRESS_ALLOWED_HOSTS): the brokers' API hosts, where orders and logins go,
 * taken from the adapters' own base URLs so a new broker host cannot be forgotten here, plus the echo
 * service. Security groups cannot filter by host name, so this list, enforced by the proxy, is the
 * host filter; the security group only narrows egress to port 443.
 */
export const PROXY_ALLOWED_HOSTS: readonly string[] = [
  ...new Set(
    [KITE_API_BASE_URL, ANGEL_API_BASE_URL, UPSTOX_API_BASE_URL, UPSTOX_ORDER_API_BASE_URL, FYERS_API_BASE_URL, DHAN_API_BASE_URL, DHAN_AUTH_BASE_URL, AWS_EGRESS_ECHO_URL].map(
      (url) => new URL(url).hostname,
    ),
  ),
];
