import type * as z from 'zod';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { enteredOf, unitsOf, type QuantityUnit } from '../orders/lot-quantity';
import { amountOf, enteredQuantityProblem, priceProblems } from './order-price-rules';
import { priceInputText } from './tick-price';
import type { Action, OrderType } from './ticket-values';

/** A modification keeps the order a priced one; turning it into MARKET is the separate Convert action. */
export const MODIFY_ORDER_TYPES = ['LIMIT', 'SL'] as const;
type ModifyOrderType = (typeof MODIFY_ORDER_TYPES)[number];

/** The modify form's fields; amounts stay text until the change is checked. */
export interface ModifyValues {
  order_type: ModifyOrderType;
  quantity: string;
  price: string;
  trigger_price: string;
}

/** Without a tick to go by the price arrows step by a paisa; the server still checks the real grid. */
const PAISA = 0.01;

/** An order as the modify form sees it, whether an account's order book or a group's pending orders list it. */
export interface ModifiableOrder {
  order_type: OrderType | null;
  action: Action | null;
  /**
   * Units. Null for a whole group order: its form starts empty, and an empty quantity keeps every
   * account's own (a new one is the master's, which each account gets times its multiplier).
   */
  quantity: number | null;
  price: number | null;
  trigger_price: number | null;
  /** Null when unknown (placed elsewhere, or a group order, which does not carry it): the server then checks the grid. */
  tick: number | null;
  unit: QuantityUnit;
  /** The change call's request schema, and the fields that name the order(s) in its body. */
  call: { schema: z.ZodType; naming: Record<string, string> };
}

/** What a modification sends besides the order's naming fields (quantity in units). */
export type ModifyChange = {
  action: 'modify';
  order_type: ModifyOrderType;
  quantity?: number;
  price: number | undefined;
  trigger_price?: number | undefined;
};

export interface ModifyRequest {
  change: ModifyChange;
  errors: FieldErrors;
}

/** The step of the price fields' arrows. */
export function priceStepOf(order: ModifiableOrder): number {
  return order.tick ?? PAISA;
}

const asText = (value: number | null, tick: number | null) => (value === null ? '' : tick === null ? String(value) : priceInputText(value, tick));

/** The form starts from the order as listed (quantity in lots where the field counts lots). */
export function initialModifyValues(order: ModifiableOrder): ModifyValues {
  return {
    order_type: order.order_type === 'SL' ? 'SL' : 'LIMIT',
    quantity: order.quantity === null ? '' : String(enteredOf(order.quantity, order.unit)),
    price: asText(order.price, order.tick),
    trigger_price: asText(order.trigger_price, order.tick),
  };
}

/**
 * The change to send (`action: 'modify'` with the new fields) and what is wrong with it: the contract's
 * schema first, then the order rules the server adds, in its words.
 */
export function modifyRequestOf(order: ModifiableOrder, values: ModifyValues): ModifyRequest {
  const entered = amountOf(values.quantity);
  const change: ModifyChange = {
    action: 'modify',
    order_type: values.order_type,
    ...(entered === undefined ? {} : { quantity: unitsOf(entered, order.unit) }),
    price: amountOf(values.price),
    ...(values.order_type === 'SL' ? { trigger_price: amountOf(values.trigger_price) } : {}),
  };
  const keepsQuantity = order.quantity === null && entered === undefined;
  const quantityProblem = keepsQuantity ? null : enteredQuantityProblem(entered, order.unit.lotSize !== null);
  const errors: FieldErrors = {
    ...fieldErrorsOf(order.call.schema, { ...order.call.naming, ...change }),
    ...(quantityProblem ? { quantity: quantityProblem } : {}),
    ...priceProblems({
      orderType: values.order_type,
      action: order.action,
      price: change.price,
      triggerPrice: amountOf(values.trigger_price),
      tick: order.tick,
    }),
  };
  return { change, errors };
}
