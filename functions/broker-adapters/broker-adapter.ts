import type { Instrument } from '../../shared/domain/instruments';
import type { ACTIONS, ORDER_TYPES, PRODUCTS } from '../../shared/domain/ranges';
import type { OrderStatus } from '../../shared/domain/states';

/** An order in the platform's vocabulary (DESIGN.md §5); adapters map it to each broker's. */
export interface OrderRequest {
  readonly instrument: Instrument;
  readonly action: (typeof ACTIONS)[number];
  readonly orderType: (typeof ORDER_TYPES)[number];
  readonly product: (typeof PRODUCTS)[number];
  /** Units (lots × lot size for F&O). */
  readonly quantity: number;
  readonly price: number | null;
  readonly triggerPrice: number | null;
  /** ≤ 20 alphanumerics, unique per order: how an ambiguous outcome is reconciled. */
  readonly tag: string;
  /** The exchange algo id of an automated order (SEBI algo rules), sent in the broker's own field; absent on manual orders. */
  readonly algoId?: string;
}

export interface OrderModification {
  readonly brokerOrderId: string;
  /** As on OrderRequest: set when the order being changed is automated, for brokers that want it on a modify too. */
  readonly algoId?: string;
  readonly orderType?: (typeof ORDER_TYPES)[number];
  readonly quantity?: number;
  readonly price?: number | null;
  readonly triggerPrice?: number | null;
}

/** An order as the broker's order book reports it, normalised. */
export interface BrokerOrder {
  readonly brokerOrderId: string;
  readonly tag: string | null;
  readonly status: OrderStatus;
  /** The broker's own status text, kept for support. */
  readonly brokerStatus: string;
  readonly reason: string | null;
  readonly quantity: number;
  readonly filledQuantity: number;
  readonly averagePrice: number | null;
  readonly tradingSymbol: string;
  readonly exchange: string;
  /** The broker's instrument token when its book gives one (Kite instrument_token, Angel symboltoken…). */
  readonly token: string | null;
  /** The ticket as the broker holds it: what a mirror copies and a modify starts from. Null = a code the tables do not know. */
  readonly action: (typeof ACTIONS)[number] | null;
  readonly orderType: (typeof ORDER_TYPES)[number] | null;
  readonly product: (typeof PRODUCTS)[number];
  /** Limit price (LIMIT, SL); null for MARKET. */
  readonly price: number | null;
  /** SL trigger; null otherwise. */
  readonly triggerPrice: number | null;
}

export interface BrokerPosition {
  readonly tradingSymbol: string;
  readonly exchange: string;
  readonly product: (typeof PRODUCTS)[number];
  readonly netQuantity: number;
  readonly averagePrice: number;
  readonly lastPrice: number;
  readonly realisedPnl: number;
  readonly unrealisedPnl: number;
}

export interface BrokerFunds {
  readonly available: number;
  readonly used: number;
}

/** A delivery holding in the demat account (settled and not yet settled together), normalised. */
export interface BrokerHolding {
  readonly tradingSymbol: string;
  /** The broker's exchange code as its holdings row gives it. */
  readonly exchange: string;
  /** The broker's instrument token when the row gives one (Kite instrument_token, Angel symboltoken…). */
  readonly token: string | null;
  readonly isin: string | null;
  /** Units held. */
  readonly quantity: number;
  readonly averagePrice: number;
  /** Null when the broker's row carries no last price (Dhan): the caller asks `ltp`. */
  readonly lastPrice: number | null;
  /** The previous session's close when the broker gives it, for the day's change. */
  readonly closePrice: number | null;
}

/** What an order would need, in rupees, before it is placed. */
export interface BrokerMargin {
  readonly required: number;
  /** What the broker's margin answer says is available to trade with; null when it does not say (read `funds`). */
  readonly available: number | null;
}

/**
 * The outcome of placing an order: accepted with the broker's id, rejected with the broker's reason,
 * or unknown (timeout, 5xx after sending) — to be reconciled by tag in the order book, never retried blindly.
 */
export type PlaceOutcome =
  | {
      readonly kind: 'accepted';
      readonly brokerOrderId: string;
      /**
       * The order's row as the broker's own answer to the placement already knows it (the paper
       * exchange fills a market order in the same step): recorded with the acceptance in one write,
       * with no read-back. Absent for a live broker, whose status follows from its order book.
       */
      readonly view?: BrokerOrder;
    }
  | { readonly kind: 'rejected'; readonly reason: string }
  | { readonly kind: 'unknown'; readonly reason: string };

/** What every broker integration provides (DESIGN.md §5, "Brokers"). */
export interface BrokerAdapter {
  placeOrder(order: OrderRequest): Promise<PlaceOutcome>;
  modifyOrder(change: OrderModification): Promise<void>;
  cancelOrder(brokerOrderId: string): Promise<void>;
  orderBook(): Promise<readonly BrokerOrder[]>;
  positions(): Promise<readonly BrokerPosition[]>;
  funds(): Promise<BrokerFunds>;
  /** Delivery holdings in the demat account. */
  holdings(): Promise<readonly BrokerHolding[]>;
  /** The margin the order would need now (nothing is placed). */
  orderMargin(order: OrderRequest): Promise<BrokerMargin>;
  ltp(instruments: readonly Instrument[]): Promise<ReadonlyMap<string, number>>;
}
