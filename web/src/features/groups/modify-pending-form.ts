import { fieldErrorsOf, type FieldErrors } from '../../lib/field-errors';
import { MODIFY_ORDER_TYPES, type ModifyValues } from '../demat/modify-order-form';
import { enteredOf, quantityUnitOf, unitsOf } from '../trading/lot-quantity';
import { amountOf, enteredQuantityProblem, priceProblems } from '../trading/order-price-rules';
import { sampleOf, scopeCall, type ChangeScope } from './change-scope';

export { MODIFY_ORDER_TYPES };

const asText = (value: number | null) => (value === null ? '' : String(value));

/**
 * The modify dialog starts from the order as listed: one account's quantity in its lots, or, for a
 * whole group order, an empty quantity (each account keeps its own unless a new master quantity is given).
 */
export function initialModifyValues(scope: ChangeScope): ModifyValues {
  const order = sampleOf(scope);
  return {
    order_type: order.order_type === 'SL' ? 'SL' : 'LIMIT',
    quantity: scope.kind === 'one' ? String(enteredOf(order.quantity, quantityUnitOf(order))) : '',
    price: asText(order.price),
    trigger_price: asText(order.trigger_price),
  };
}

/** The change to send (`action: 'modify'` with the new fields) and what is wrong with it, in the order rules' words. */
export function modifyRequestOf(scope: ChangeScope, values: ModifyValues): { change: Record<string, unknown>; errors: FieldErrors } {
  const order = sampleOf(scope);
  const unit = quantityUnitOf(order);
  const entered = amountOf(values.quantity);
  const change = {
    action: 'modify',
    order_type: values.order_type,
    ...(entered === undefined ? {} : { quantity: unitsOf(entered, unit) }),
    price: amountOf(values.price),
    ...(values.order_type === 'SL' ? { trigger_price: amountOf(values.trigger_price) } : {}),
  };
  const call = scopeCall(scope);
  // A whole group order may keep its quantities (left empty); one account's order always states its own.
  const quantityProblem = scope.kind === 'whole' && entered === undefined ? null : enteredQuantityProblem(entered, unit.lotSize !== null);
  const errors: FieldErrors = {
    ...fieldErrorsOf(call.schema, { ...call.naming, ...change }),
    ...(quantityProblem ? { quantity: quantityProblem } : {}),
    // Group orders do not carry the script's tick; the server checks the grid and says so.
    ...priceProblems({ orderType: values.order_type, action: order.transaction_type, price: change.price, triggerPrice: amountOf(values.trigger_price), tick: null }),
  };
  return { change, errors };
}
