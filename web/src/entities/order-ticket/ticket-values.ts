import type { ACTIONS, ORDER_TYPES } from '@shared/domain/ranges';
import { productsFor, type Product } from './product-exchanges';
import type { TicketScript } from './ticket-script';

export type Action = (typeof ACTIONS)[number];
export type OrderType = (typeof ORDER_TYPES)[number];

/** What any ticket says about the order itself; amounts stay text until the ticket is checked. */
export interface OrderFieldValues {
  transaction_type: Action;
  order_type: OrderType;
  product: Product;
  /** Units on NSE/BSE, lots on the derivative exchanges (spec §5 'Order Lot'). */
  quantity: string;
  /** Null until the user types one: the field then shows the LTP rounded to the tick. */
  price: string | null;
  trigger_price: string;
}

/** The account ticket's form: the order, and the account it goes to. */
export interface TicketValues extends OrderFieldValues {
  broker_id: string;
}

/** A fresh order: one unit or lot, LIMIT at the LTP, INTRADAY (allowed on every exchange). */
export function initialOrderFieldValues(script: TicketScript, action: Action = 'BUY'): OrderFieldValues {
  const products = productsFor(script.exchange);
  return {
    transaction_type: action,
    order_type: 'LIMIT',
    product: products.includes('INTRADAY') ? 'INTRADAY' : (products[0] ?? 'INTRADAY'),
    quantity: '1',
    price: null,
    trigger_price: '',
  };
}

/** A fresh account ticket: the account stays unchosen ('') until the user picks one; the form shows its preferred account meanwhile. */
export function initialTicketValues(script: TicketScript, action: Action = 'BUY'): TicketValues {
  return { broker_id: '', ...initialOrderFieldValues(script, action) };
}

/** Which order types show a price and a trigger price field. */
export const PRICE_FIELDS_BY_TYPE: Readonly<Record<OrderType, { price: boolean; trigger: boolean }>> = {
  MARKET: { price: false, trigger: false },
  LIMIT: { price: true, trigger: false },
  SL: { price: true, trigger: true },
};
