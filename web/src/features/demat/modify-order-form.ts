import type { AccountBookOrder } from '../../../../shared/contracts/broker-trading';
import { fieldErrorsOf, type FieldErrors } from '../../lib/field-errors';
import { enteredOf, quantityUnitOf, unitsOf } from '../trading/lot-quantity';
import { amountOf, enteredQuantityProblem, priceProblems } from '../trading/order-price-rules';
import { priceInputText } from '../trading/tick-price';
import { orderChangeCallOf } from './order-change-calls';

/** A modification keeps the order a priced one; turning it into MARKET is the separate Convert action. */
export const MODIFY_ORDER_TYPES = ['LIMIT', 'SL'] as const;
export type ModifyOrderType = (typeof MODIFY_ORDER_TYPES)[number];

export interface ModifyValues {
  order_type: ModifyOrderType;
  quantity: string;
  price: string;
  trigger_price: string;
}

const asText = (value: number | null, tick: number | null) => (value === null ? '' : tick === null ? String(value) : priceInputText(value, tick));

/** The dialog starts from the order as the book shows it (quantity in lots where the ticket uses lots). */
export function initialModifyValues(row: AccountBookOrder): ModifyValues {
  return {
    order_type: row.order_type === 'SL' ? 'SL' : 'LIMIT',
    quantity: String(enteredOf(row.quantity, quantityUnitOf(row))),
    price: asText(row.price, row.tick_size),
    trigger_price: asText(row.trigger_price, row.tick_size),
  };
}

/** The change to send (`action: 'modify'` with every field of the new order) and what is wrong with it. */
export function modifyRequestOf(brokerId: string, row: AccountBookOrder, values: ModifyValues) {
  const entered = amountOf(values.quantity);
  const change = {
    action: 'modify',
    order_type: values.order_type,
    ...(entered === undefined ? {} : { quantity: unitsOf(entered, quantityUnitOf(row)) }),
    price: amountOf(values.price),
    ...(values.order_type === 'SL' ? { trigger_price: amountOf(values.trigger_price) } : {}),
  };
  const call = orderChangeCallOf(row);
  const quantityProblem = enteredQuantityProblem(entered, quantityUnitOf(row).lotSize !== null);
  const errors: FieldErrors = {
    ...fieldErrorsOf(call.schema, { ...call.naming(brokerId, row), ...change }),
    ...(quantityProblem ? { quantity: quantityProblem } : {}),
    ...priceProblems({
      orderType: values.order_type,
      action: row.action,
      price: change.price,
      triggerPrice: amountOf(values.trigger_price),
      tick: row.tick_size,
    }),
  };
  return { change, errors };
}
