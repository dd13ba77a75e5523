/**
 * The broker catalog (spec §3: broker_id, broker_combined_name). `paper` is the built-in exchange
 * simulator; the others are real brokers reached through their adapters (reference/brokers.md).
 */
export const BROKER_KINDS = ['paper', 'zerodha', 'angelone', 'upstox', 'fyers', 'dhan'] as const;
export type BrokerKind = (typeof BROKER_KINDS)[number];

export const BROKER_DISPLAY_NAMES: Readonly<Record<BrokerKind, string>> = {
  paper: 'Paper Trading',
  zerodha: 'Zerodha Kite',
  angelone: 'Angel One SmartAPI',
  upstox: 'Upstox',
  fyers: 'Fyers',
  dhan: 'Dhan',
};

/** SEBI's algo threshold: at most 10 orders per second per account (DESIGN.md §5); excess waits. */
export const MAX_ORDERS_PER_SECOND_PER_ACCOUNT = 10;

/** A client tag on every order (≤ 20 alphanumerics), used to reconcile an ambiguous outcome. */
export const ORDER_TAG_MAX_LENGTH = 20;
