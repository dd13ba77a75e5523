/**
 * What a broker's login redirect to /dematconnected carries. Kite sends `request_token` and returns our
 * `redirect_params` (broker_id) as query params; Upstox sends `code`, Fyers `auth_code` (next to its own
 * `code=200` status), both with `state` = the broker_id we gave them. Brokers signal failure by Kite's
 * `status`, Fyers's `s`, or OAuth's `error`.
 */
export type BrokerRedirect =
  | { kind: 'token'; brokerId: string; token: string }
  | { kind: 'failed'; brokerId: string | null }
  /** No token to hand over (a revisit, or a flow that already finished server-side). */
  | { kind: 'plain'; brokerId: string | null };

/** Token parameters in the order they are trusted: Fyers's `auth_code` before `code`, which Fyers uses for its HTTP status. */
const TOKEN_PARAMS = ['request_token', 'auth_code', 'code'] as const;

const FAILURE_SIGNS: readonly ((search: URLSearchParams) => boolean)[] = [
  (search) => search.has('status') && search.get('status') !== 'success',
  (search) => search.has('s') && search.get('s') !== 'ok',
  (search) => search.has('error'),
];

export function brokerRedirectOf(search: URLSearchParams): BrokerRedirect {
  const brokerId = search.get('broker_id') ?? search.get('state');
  if (FAILURE_SIGNS.some((isFailure) => isFailure(search))) return { kind: 'failed', brokerId };
  const token = TOKEN_PARAMS.map((name) => search.get(name)).find((value): value is string => Boolean(value));
  return token && brokerId ? { kind: 'token', brokerId, token } : { kind: 'plain', brokerId };
}

/** The query string to leave in the address bar once the single-use token is spent (a reload must not resend it). */
export function spentTokenSearch(brokerId: string): string {
  return `?${new URLSearchParams({ status: 'success', broker_id: brokerId }).toString()}`;
}
