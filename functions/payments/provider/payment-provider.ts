/**
 * The payment provider port (DESIGN.md §5 "Money"): what the payment use-cases need of a gateway. The
 * PhonePe adapter (`../phonepe/phonepe-provider.ts`) implements it over HTTP; tests may put a model of
 * the gateway behind it.
 */

/** The gateway took the order: where the browser pays it. */
export interface ProviderOrder {
  readonly providerOrderId: string;
  readonly checkoutUrl: string;
  /** When the gateway expires the order (epoch ms), if it said. */
  readonly expireAtMs: number | null;
  readonly state: string;
}

/**
 * An order's status as the gateway answers it — the one source of truth. `state` is the gateway's own
 * word (PhonePe: PENDING, COMPLETED, FAILED, and EXPIRED in some samples); an unknown word is not final.
 */
export type ProviderOrderStatus =
  | {
      readonly found: true;
      readonly state: string;
      readonly amountPaise: number | null;
      readonly merchantOrderId: string | null;
      readonly errorCode: string | null;
      readonly detailedErrorCode: string | null;
    }
  | { readonly found: false };

export interface ProviderRefund {
  readonly refundId: string | null;
  readonly state: string;
  readonly amountPaise: number | null;
}

export type ProviderRefundStatus = (ProviderRefund & { readonly found: true; readonly errorCode: string | null }) | { readonly found: false };

export interface CreateOrderRequest {
  readonly merchantOrderId: string;
  readonly amountPaise: number;
  /** Where the gateway sends the browser back (success or failure alike). */
  readonly redirectUrl: string;
  readonly expireAfterSeconds: number;
  /** Free text the gateway returns with status and webhook (PhonePe `metaInfo.udf1…`). */
  readonly meta: readonly string[];
  readonly message: string;
}

export interface PaymentProvider {
  createOrder(request: CreateOrderRequest): Promise<ProviderOrder>;
  orderStatus(merchantOrderId: string): Promise<ProviderOrderStatus>;
  refund(request: { readonly merchantRefundId: string; readonly merchantOrderId: string; readonly amountPaise: number }): Promise<ProviderRefund>;
  refundStatus(merchantRefundId: string): Promise<ProviderRefundStatus>;
}

/** The gateway did not answer usably (time-out, network, 429, 5xx): the outcome is unknown — ask its status before anything else. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** The gateway answered and refused the request (4xx): `code` and `message` are its own. */
export class ProviderRejectedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderRejectedError';
  }
}
