import { SelectField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import { ORDER_TYPES } from '@shared/domain/ranges';
import type { FieldErrors } from '@/lib/field-errors';
import { quantityUnitOf } from '@/entities/orders/lot-quantity';
import { PRODUCT_LABELS, productsFor } from '../product-exchanges';
import type { TicketScript } from '../ticket-script';
import { PRICE_FIELDS_BY_TYPE, type OrderFieldValues, type OrderType } from '../ticket-values';
import { TicketPriceField } from './ticket-price-field';
import { TicketQuantityField } from './ticket-quantity-field';
import { TicketSideField } from './ticket-side-field';

const ORDER_TYPE_LABELS: Readonly<Record<OrderType, string>> = {
  MARKET: 'Market',
  LIMIT: 'Limit',
  SL: 'Stop-loss limit (SL)',
};

const isOrderType = (value: string): value is OrderType => ORDER_TYPES.some((type) => type === value);

export type OrderFieldChange = <Field extends keyof OrderFieldValues>(field: Field, value: OrderFieldValues[Field]) => void;

export interface TicketOrderFieldsProps {
  script: TicketScript;
  values: OrderFieldValues;
  /** The price the field shows (typed, or the LTP on the tick). */
  priceText: string;
  onChange: OrderFieldChange;
  errors: FieldErrors;
  isDisabled: boolean;
}

/**
 * The order part of any ticket, inside its grid: side, the products the exchange allows, type,
 * quantity in units or lots, and the prices on the tick. Who receives the order is the ticket's own field.
 */
export function TicketOrderFields({ script, values, priceText, onChange, errors, isDisabled }: TicketOrderFieldsProps) {
  const fields = PRICE_FIELDS_BY_TYPE[values.order_type];
  const products = productsFor(script.exchange);
  return (
    <>
      <TicketSideField value={values.transaction_type} onChange={(side) => onChange('transaction_type', side)} isDisabled={isDisabled} />
      <SelectField
        label="Product"
        name="product"
        value={values.product}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          const product = products.find((offered) => offered === event.target.value);
          if (product) onChange('product', product);
        }}
        hasError={Boolean(errors.product)}
        errorMessage={errors.product}
        isDisabled={isDisabled}
      >
        {products.map((product) => (
          <option key={product} value={product}>
            {PRODUCT_LABELS[product]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Order type"
        name="order_type"
        value={values.order_type}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          if (isOrderType(event.target.value)) onChange('order_type', event.target.value);
        }}
        isDisabled={isDisabled}
      >
        {ORDER_TYPES.map((type) => (
          <option key={type} value={type}>
            {ORDER_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <TicketQuantityField
        unit={quantityUnitOf(script)}
        value={values.quantity}
        onChange={(text) => onChange('quantity', text)}
        errorMessage={errors.quantity}
        isDisabled={isDisabled}
      />
      {fields.price ? (
        <TicketPriceField
          label="Price"
          name="price"
          tick={script.tick_size}
          value={priceText}
          onChange={(text) => onChange('price', text)}
          errorMessage={errors.price}
          isDisabled={isDisabled}
        />
      ) : null}
      {fields.trigger ? (
        <TicketPriceField
          label="Trigger price"
          name="trigger_price"
          tick={script.tick_size}
          value={values.trigger_price}
          onChange={(text) => onChange('trigger_price', text)}
          hint={values.transaction_type === 'BUY' ? 'At or below the price' : 'At or above the price'}
          errorMessage={errors.trigger_price}
          isDisabled={isDisabled}
        />
      ) : null}
    </>
  );
}
