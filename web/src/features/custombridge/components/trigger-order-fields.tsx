import { TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { ScriptSource } from '@shared/contracts/bridge';
import { ACTIONS, ORDER_TYPES } from '@shared/domain/ranges';
import { ChoiceField, choicesOf, type Choice } from '@/components/choice-field';
import { PRODUCT_LABELS } from '@/entities/order-ticket/product-exchanges';
import { PRICE_FIELDS_BY_TYPE } from '@/entities/order-ticket/ticket-values';
import { productsForScriptType, quantityLabelFor } from '../trigger-form';
import type { TriggerFieldsProps } from './trigger-field-change';

type OrderType = (typeof ORDER_TYPES)[number];

/** The alert's symbols trade at MARKET only: a LIMIT or SL price is one price, which cannot fit every symbol the alert names. */
const ORDER_TYPE_CHOICES: Readonly<Record<ScriptSource, readonly Choice<OrderType>[]>> = { TRIGGER: choicesOf(ORDER_TYPES), SIGNAL: choicesOf(['MARKET'] as const) };
const ORDER_TYPE_HINTS: Readonly<Record<ScriptSource, string | undefined>> = {
  TRIGGER: undefined,
  SIGNAL: "MARKET only with the alert's symbols: one price cannot fit every symbol.",
};

const SIDE_CHOICES: readonly Choice<(typeof ACTIONS)[number] | ''>[] = [
  { value: '', label: "The direction's own (options bought; others BUY on UP, SELL on DOWN)" },
  ...choicesOf(ACTIONS),
];

/** The order the trigger places: side, product, order type with its prices, and the quantity (shares, or lots for F&O). */
export function TriggerOrderFields({ values, onChange, errors, isDisabled }: TriggerFieldsProps) {
  const prices = PRICE_FIELDS_BY_TYPE[values.order_type];
  const products = productsForScriptType(values.script_type).map((product) => ({ value: product, label: PRODUCT_LABELS[product] }));
  const amount = (field: 'price' | 'trigger_price' | 'quantity', label: string, descriptiveText?: string) => (
    <TextField
      label={label}
      name={field}
      type="number"
      inputMode={field === 'quantity' ? 'numeric' : 'decimal'}
      descriptiveText={descriptiveText}
      value={values[field] ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(field, event.target.value)}
      hasError={Boolean(errors[field])}
      errorMessage={errors[field]}
      isDisabled={isDisabled}
    />
  );
  return (
    <>
      <ChoiceField label="Side" name="transaction_type" value={values.transaction_type} choices={SIDE_CHOICES} onChange={(side) => onChange('transaction_type', side)} errorMessage={errors.transaction_type} isDisabled={isDisabled} />
      <ChoiceField label="Product" name="product" value={values.product} choices={products} onChange={(product) => onChange('product', product)} errorMessage={errors.product} isDisabled={isDisabled} />
      <ChoiceField
        label="Order type"
        name="order_type"
        value={values.order_type}
        choices={ORDER_TYPE_CHOICES[values.script_source]}
        descriptiveText={ORDER_TYPE_HINTS[values.script_source]}
        onChange={(type) => onChange('order_type', type)}
        errorMessage={errors.order_type}
        isDisabled={isDisabled}
      />
      {prices.price ? amount('price', 'Price') : null}
      {prices.trigger ? amount('trigger_price', 'Trigger price') : null}
      {amount('quantity', quantityLabelFor(values.script_type), values.script_type === 'EQUITY' ? 'Shares.' : 'Lots: the lot size comes from the contract picked.')}
    </>
  );
}
