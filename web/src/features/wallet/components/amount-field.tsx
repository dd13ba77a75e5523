import { TextField } from '@aws-amplify/ui-react';
import { rupeesFromPaise } from '@shared/domain/money';
import { formatMoneyExact } from '@/lib/format/money';
import type { AmountLimits } from '../credit-amount';

interface AmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  limits: AmountLimits;
  error: string | null;
  isDisabled: boolean;
}

/** The amount in rupees (up to two decimals), with the limits said under it. */
export function AmountField({ value, onChange, limits, error, isDisabled }: AmountFieldProps) {
  return (
    <TextField
      label="Amount (₹)"
      name="amount"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      descriptiveText={`From ${formatMoneyExact(rupeesFromPaise(limits.minPaise))} to ${formatMoneyExact(rupeesFromPaise(limits.maxPaise))}.`}
      hasError={error !== null}
      errorMessage={error ?? undefined}
      isDisabled={isDisabled}
    />
  );
}
