import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';
import { quantityUnitOf, unitsOf } from '../orders/lot-quantity';
import { amountOf, enteredQuantityProblem, priceProblems } from './order-price-rules';
import { PLACE_ROUTES, type PlaceTarget } from './place-targets';
import type { TicketScript } from './ticket-script';
import { PRICE_FIELDS_BY_TYPE, type OrderFieldValues, type TicketValues } from './ticket-values';

/** The order fields of a request body, as every place call names them (quantity in units). */
export function orderFieldsBodyOf(values: OrderFieldValues, priceText: string, script: TicketScript): Record<string, unknown> {
  const fields = PRICE_FIELDS_BY_TYPE[values.order_type];
  const entered = amountOf(values.quantity);
  return {
    transaction_type: values.transaction_type,
    order_type: values.order_type,
    product: values.product,
    ...(entered === undefined ? {} : { quantity: unitsOf(entered, quantityUnitOf(script)) }),
    ...(fields.price ? { price: amountOf(priceText) } : {}),
    ...(fields.trigger ? { trigger_price: amountOf(values.trigger_price) } : {}),
  };
}

/** The request body the form stands for, without its idempotency key (which depends on this body). */
export function ticketBodyOf(values: TicketValues, priceText: string, script: TicketScript, target: PlaceTarget): Record<string, unknown> {
  return {
    ...PLACE_ROUTES[target.via].naming(target, script),
    broker_id: values.broker_id,
    ...orderFieldsBodyOf(values, priceText, script),
  };
}

/** The order rules the server adds to the schema (whole lots, price, tick, trigger side), in its words. */
export function orderRuleErrorsOf(values: OrderFieldValues, priceText: string, script: TicketScript): FieldErrors {
  const quantityProblem = enteredQuantityProblem(amountOf(values.quantity), quantityUnitOf(script).lotSize !== null);
  const ruleErrors = priceProblems({
    orderType: values.order_type,
    action: values.transaction_type,
    price: amountOf(priceText),
    triggerPrice: amountOf(values.trigger_price),
    tick: script.tick_size,
  });
  return { ...(quantityProblem ? { quantity: quantityProblem } : {}), ...ruleErrors };
}

/**
 * Everything wrong with a ticket, one message per field: the contract's own schema first, then the
 * order rules the server adds, whose words are clearer where both speak.
 */
export function ticketErrorsOf(
  body: Record<string, unknown>,
  values: TicketValues,
  priceText: string,
  script: TicketScript,
  target: PlaceTarget,
): FieldErrors {
  return {
    ...fieldErrorsOf(PLACE_ROUTES[target.via].schema, body),
    ...(values.broker_id === '' ? { broker_id: 'Choose the account to trade on.' } : {}),
    ...orderRuleErrorsOf(values, priceText, script),
  };
}
