import { PRODUCT_EXCHANGES } from '../../shared/domain/product-exchanges';
import type { ValidationIssue } from '../../shared/contracts/envelope';
import { LOT_EXCHANGES, type Instrument } from '../../shared/domain/instruments';
import type { ACTIONS, ORDER_TYPES, PRODUCTS } from '../../shared/domain/ranges';
import { isOnTick } from '../../shared/domain/tick-math';

/**
 * What an order asks for, in the platform's vocabulary, and the rules every ticket must pass before
 * anything is written or sent (reference/brokers.md §9.1). MARKET orders carry no price or trigger,
 * LIMIT orders no trigger.
 */
export interface OrderTicket {
  readonly instrument: Instrument;
  readonly action: (typeof ACTIONS)[number];
  readonly orderType: (typeof ORDER_TYPES)[number];
  readonly product: (typeof PRODUCTS)[number];
  /** Units; for F&O a multiple of the lot size. */
  readonly quantity: number;
  readonly price: number | null;
  readonly triggerPrice: number | null;
}

/**
 * A ticket as records and API bodies spell it (snake_case, the spec's names): stored orders, group
 * orders, positions, plans. The one mapping between the two spellings is the pair below.
 */
export interface TicketFields {
  readonly transaction_type: OrderTicket['action'];
  readonly order_type: OrderTicket['orderType'];
  readonly product: OrderTicket['product'];
  readonly quantity: number;
  readonly price: number | null;
  readonly trigger_price: number | null;
}

/** The ticket of a record's fields, on an instrument (the record's, or one resolved for it). */
export function ticketFromFields(instrument: Instrument, fields: TicketFields): OrderTicket {
  return {
    instrument,
    action: fields.transaction_type,
    orderType: fields.order_type,
    product: fields.product,
    quantity: fields.quantity,
    price: fields.price,
    triggerPrice: fields.trigger_price,
  };
}

/** A ticket's fields as a record stores them, with its instrument. */
export function fieldsOfTicket(ticket: OrderTicket): TicketFields & { readonly instrument: Instrument } {
  return {
    instrument: ticket.instrument,
    transaction_type: ticket.action,
    order_type: ticket.orderType,
    product: ticket.product,
    quantity: ticket.quantity,
    price: ticket.price,
    trigger_price: ticket.triggerPrice,
  };
}

export function normalisedTicket(ticket: OrderTicket): OrderTicket {
  return {
    ...ticket,
    price: ticket.orderType === 'MARKET' ? null : ticket.price,
    triggerPrice: ticket.orderType === 'SL' ? ticket.triggerPrice : null,
  };
}

type TicketRule = (ticket: OrderTicket) => ValidationIssue | null;

const issue = (path: string, message: string): ValidationIssue => ({ path, message });

const quantityIsPositiveWhole: TicketRule = ({ quantity }) =>
  Number.isInteger(quantity) && quantity > 0 ? null : issue('quantity', 'Quantity must be a whole number above 0.');

const quantityIsWholeLots: TicketRule = ({ instrument, quantity }) =>
  !LOT_EXCHANGES.includes(instrument.exchange) || quantity % instrument.lot_size === 0
    ? null
    : issue('quantity', `Quantity must be a multiple of the lot size ${instrument.lot_size}.`);

const productSuitsExchange: TicketRule = ({ instrument, product }) =>
  PRODUCT_EXCHANGES[product].includes(instrument.exchange)
    ? null
    : issue('product', `${product} is not available on ${instrument.exchange} (DELIVERY and MARGIN: NSE/BSE; CARRYFORWARD: NFO/BFO/MCX).`);

const priceGiven: TicketRule = ({ orderType, price }) =>
  orderType === 'MARKET' || (price !== null && price > 0) ? null : issue('price', `A ${orderType} order needs a price.`);

const priceOnTick: TicketRule = ({ orderType, price, instrument }) =>
  orderType === 'MARKET' || price === null || isOnTick(price, instrument.tick_size)
    ? null
    : issue('price', `Price must be a multiple of the tick size ${instrument.tick_size}.`);

const triggerGiven: TicketRule = ({ orderType, triggerPrice }) =>
  orderType !== 'SL' || (triggerPrice !== null && triggerPrice > 0) ? null : issue('trigger_price', 'An SL order needs a trigger price.');

const triggerOnTick: TicketRule = ({ orderType, triggerPrice, instrument }) =>
  orderType !== 'SL' || triggerPrice === null || isOnTick(triggerPrice, instrument.tick_size)
    ? null
    : issue('trigger_price', `Trigger price must be a multiple of the tick size ${instrument.tick_size}.`);

/** A stop-limit buy triggers on the way up, so its limit sits at or above the trigger (a sell the other way). */
const triggerBehindPrice: TicketRule = ({ orderType, action, price, triggerPrice }) => {
  if (orderType !== 'SL' || price === null || triggerPrice === null) return null;
  if (action === 'BUY' && triggerPrice > price) return issue('trigger_price', 'An SL BUY order needs a trigger price at or below its price.');
  if (action === 'SELL' && triggerPrice < price) return issue('trigger_price', 'An SL SELL order needs a trigger price at or above its price.');
  return null;
};

const TICKET_RULES: readonly TicketRule[] = [
  quantityIsPositiveWhole,
  quantityIsWholeLots,
  productSuitsExchange,
  priceGiven,
  priceOnTick,
  triggerGiven,
  triggerOnTick,
  triggerBehindPrice,
];

/** Every rule the ticket breaks, one issue per rule. */
export function ticketProblems(ticket: OrderTicket): ValidationIssue[] {
  return TICKET_RULES.flatMap((rule) => rule(ticket) ?? []);
}
