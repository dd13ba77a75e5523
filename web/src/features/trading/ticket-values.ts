import type { ACTIONS, ORDER_TYPES } from '../../../../shared/domain/ranges';
import { productsFor, type Product } from './product-exchanges';
import type { TicketScript } from './ticket-script';

export type Action = (typeof ACTIONS)[number];
export type OrderType = (typeof ORDER_TYPES)[number];

/** The ticket's form as the user sets it; amounts stay text until the ticket is checked. */
export interface TicketValues {
  broker_id: string;
  transaction_type: Action;
  order_type: OrderType;
  product: Product;
  /** Units on NSE/BSE, lots on the derivative exchanges (spec §5 'Order Lot'). */
  quantity: string;
  /** Null until the user types one: the field then shows the LTP rounded to the tick. */
  price: string | null;
  trigger_price: string;
}

/**
 * A fresh ticket: one unit or lot, LIMIT at the LTP, INTRADAY (allowed on every exchange). The account
 * stays unchosen ('') until the user picks one; the form shows its preferred account meanwhile.
 */
export function initialTicketValues(script: TicketScript, action: Action = 'BUY'): TicketValues {
  const products = productsFor(script.exchange);
  return {
    broker_id: '',
    transaction_type: action,
    order_type: 'LIMIT',
    product: products.includes('INTRADAY') ? 'INTRADAY' : (products[0] ?? 'INTRADAY'),
    quantity: '1',
    price: null,
    trigger_price: '',
  };
}

/** Which order types show a price and a trigger price field. */
export const PRICE_FIELDS_BY_TYPE: Readonly<Record<OrderType, { price: boolean; trigger: boolean }>> = {
  MARKET: { price: false, trigger: false },
  LIMIT: { price: true, trigger: false },
  SL: { price: true, trigger: true },
};
