import { isPayloadDate, type PayloadDateRange } from '../lib/format/calendar-date';
import type { DateRangeErrors } from '../lib/date-range-check';
import { DateField } from './date-field';

interface DateRangeFieldsProps {
  values: PayloadDateRange;
  /** Sets one end of the range (yyyy-MM-dd, or the text typed while it is not a day yet). */
  onDateChange: (field: keyof PayloadDateRange, value: string) => void;
  errors: DateRangeErrors;
  isDisabled: boolean;
}

const dayOrNothing = (value: string) => (isPayloadDate(value) ? value : undefined);

/** From and To of a history filter, shown and typed as dd-MM-yyyy, sent as yyyy-MM-dd (spec §9). */
export function DateRangeFields({ values, onDateChange, errors, isDisabled }: DateRangeFieldsProps) {
  return (
    <>
      <DateField
        label="From"
        name="from_date"
        value={values.from_date}
        onChange={(value) => onDateChange('from_date', value)}
        max={dayOrNothing(values.to_date)}
        errorMessage={errors.from_date}
        isDisabled={isDisabled}
      />
      <DateField
        label="To"
        name="to_date"
        value={values.to_date}
        onChange={(value) => onDateChange('to_date', value)}
        min={dayOrNothing(values.from_date)}
        errorMessage={errors.to_date}
        isDisabled={isDisabled}
      />
    </>
  );
}
