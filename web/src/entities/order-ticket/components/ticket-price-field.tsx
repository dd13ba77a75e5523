import { TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';

interface TicketPriceFieldProps {
  label: 'Price' | 'Trigger price';
  name: 'price' | 'trigger_price';
  tick: number;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  errorMessage: string | undefined;
  isDisabled: boolean;
}

/** A price input that steps by the script's tick (the arrows move one tick; the server refuses off-tick prices). */
export function TicketPriceField({ label, name, tick, value, onChange, hint, errorMessage, isDisabled }: TicketPriceFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      type="number"
      inputMode="decimal"
      min={tick}
      step={tick}
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
