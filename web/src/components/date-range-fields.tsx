import { TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { PayloadDateRange } from '../lib/format/calendar-date';
import type { DateRangeErrors } from '../lib/date-range-check';

interface FieldBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

interface DateRangeFieldsProps {
  values: PayloadDateRange;
  bind: (field: keyof PayloadDateRange) => FieldBinding;
  errors: DateRangeErrors;
  isDisabled: boolean;
}

/** From and To date inputs of a history filter (the browser's date input speaks yyyy-MM-dd, the payload format). */
export function DateRangeFields({ values, bind, errors, isDisabled }: DateRangeFieldsProps) {
  return (
    <>
      <TextField
        label="From"
        type="date"
        {...bind('from_date')}
        max={values.to_date}
        hasError={Boolean(errors.from_date)}
        errorMessage={errors.from_date}
        isDisabled={isDisabled}
      />
      <TextField
        label="To"
        type="date"
        {...bind('to_date')}
        min={values.from_date}
        hasError={Boolean(errors.to_date)}
        errorMessage={errors.to_date}
        isDisabled={isDisabled}
      />
    </>
  );
}
