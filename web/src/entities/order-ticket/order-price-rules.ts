import type { FieldErrors } from '@/lib/field-errors';
import { isOnTick } from './tick-price';
import type { Action, OrderType } from './ticket-values';

/** The prices of an order as a ticket or a modification states them (undefined: not given). */
export interface PricedOrder {
  orderType: OrderType;
  action: Action | null;
  price: number | undefined;
  triggerPrice: number | undefined;
  /** Null when the broker did not say (an order placed elsewhere): the server then checks the grid. */
  tick: number | null;
}

type PriceRule = (order: PricedOrder) => [field: 'price' | 'trigger_price', message: string] | null;

const needsPrice = (type: OrderType) => type !== 'MARKET';
const offTick = (value: number | undefined, tick: number | null) =>
  value !== undefined && Number.isFinite(value) && value > 0 && tick !== null && !isOnTick(value, tick);

/**
 * The ticket rules the server applies beyond the contract's schema (functions/orders/order-ticket.ts),
 * in its words, so a ticket that would come back 400 is stopped here with the field marked.
 */
const PRICE_RULES: readonly PriceRule[] = [
  ({ orderType, price }) => (needsPrice(orderType) && price === undefined ? ['price', `A ${orderType} order needs a price.`] : null),
  ({ orderType, price, tick }) =>
    needsPrice(orderType) && offTick(price, tick) ? ['price', `Price must be a multiple of the tick size ${tick}.`] : null,
  ({ orderType, triggerPrice }) => (orderType === 'SL' && triggerPrice === undefined ? ['trigger_price', 'An SL order needs a trigger price.'] : null),
  ({ orderType, triggerPrice, tick }) =>
    orderType === 'SL' && offTick(triggerPrice, tick) ? ['trigger_price', `Trigger price must be a multiple of the tick size ${tick}.`] : null,
  // A stop-limit buy triggers on the way up, so its limit sits at or above the trigger (a sell the other way).
  ({ orderType, action, price, triggerPrice }) => {
    if (orderType !== 'SL' || price === undefined || triggerPrice === undefined) return null;
    if (action === 'BUY' && triggerPrice > price) return ['trigger_price', 'An SL BUY order needs a trigger price at or below its price.'];
    if (action === 'SELL' && triggerPrice < price) return ['trigger_price', 'An SL SELL order needs a trigger price at or above its price.'];
    return null;
  },
];

export function priceProblems(order: PricedOrder): FieldErrors {
  const errors: Record<string, string> = {};
  for (const rule of PRICE_RULES) {
    const problem = rule(order);
    if (problem) errors[problem[0]] ??= problem[1];
  }
  return errors;
}

/** A typed amount: undefined when the field is empty, NaN when it is not a number (the schema says so). */
export function amountOf(text: string | null): number | undefined {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** Lots and units are whole numbers above 0; the message names what the field holds. */
export function enteredQuantityProblem(entered: number | undefined, inLots: boolean): string | null {
  if (entered !== undefined && Number.isInteger(entered) && entered > 0) return null;
  return inLots ? 'Enter a whole number of lots above 0.' : 'Quantity must be a whole number above 0.';
}
