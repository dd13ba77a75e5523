/**
 * An account's static-IP egress (issue 20): its order-changing calls (and, for logins, every call) go
 * through the egress proxy at `proxyUrl`, which binds the upstream socket to `bindAddress`; the broker
 * sees `address`. `token` is the slot's proxy credential (platform/egress/egress-credentials.ts).
 */
export interface EgressRoute {
  readonly ipId: string;
  /** What the broker sees and the user registered with it (named in error messages). */
  readonly address: string;
  readonly bindAddress: string;
  readonly proxyUrl: string;
  readonly token: string;
}

/** 'writes': only order-changing calls use the slot (reads may go direct); 'all': every call (logins, token exchanges). */
export type EgressScope = 'writes' | 'all';

/** The longest the proxy may take to answer a CONNECT (TCP to the proxy included): an order never waits longer on it. */
export const EGRESS_CONNECT_TIMEOUT_MS = 2_000;

/**
 * The tunnel could not be opened: nothing reached the broker. `retryable` = a quick repeat may help
 * (the proxy refused the TCP connection or could not reach the broker); a credential or allow-list
 * refusal or a timeout would only repeat itself.
 */
export class EgressTunnelError extends Error {
  /** The slot, never its token: the error may be logged. */
  readonly ipId: string;
  readonly address: string;

  constructor(
    route: EgressRoute,
    readonly code: string,
    readonly retryable: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'EgressTunnelError';
    this.ipId = route.ipId;
    this.address = route.address;
  }
}

/** The user-facing reason, naming the slot's address; never the proxy's credentials. */
export function egressFailureMessage(route: EgressRoute, what: string): string {
  return `This account sends its orders from static IP ${route.address}, and ${what}. Nothing was sent to the broker.`;
}
