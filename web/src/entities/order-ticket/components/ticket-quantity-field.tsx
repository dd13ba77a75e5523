import { TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import { lotArithmetic, type QuantityUnit } from '@/entities/orders/lot-quantity';
import { amountOf } from '../order-price-rules';

interface TicketQuantityFieldProps {
  unit: QuantityUnit;
  value: string;
  onChange: (value: string) => void;
  errorMessage: string | undefined;
  isDisabled: boolean;
}

/** Spec §5's Quantity / Order Lot field; lots spell out the units they send ("2 lots × 65 = 130 units"). */
export function TicketQuantityField({ unit, value, onChange, errorMessage, isDisabled }: TicketQuantityFieldProps) {
  const lots = amountOf(value);
  const isWholeLots = lots !== undefined && Number.isInteger(lots) && lots > 0;
  const hint = unit.lotSize === null ? undefined : isWholeLots ? lotArithmetic(lots, unit.lotSize) : `Lots of ${unit.lotSize} units`;
  return (
    <TextField
      label={unit.label}
      name="quantity"
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      descriptiveText={hint}
      hasError={Boolean(errorMessage)}
      errorMessage={errorMessage}
      isDisabled={isDisabled}
      className="order-ticket__field"
    />
  );
}
