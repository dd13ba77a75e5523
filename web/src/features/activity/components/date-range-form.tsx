import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { defaultHistoryRange, type PayloadDateRange } from '../../../lib/format/calendar-date';
import { useFormValues } from '../../../lib/use-form-values';
import { dateRangeErrors, type DateRangeErrors } from '../date-range-check';

interface DateRangeFormProps {
  range: PayloadDateRange;
  onApply: (range: PayloadDateRange) => void;
  isDisabled: boolean;
}

/** From and To dates (the browser's date input speaks yyyy-MM-dd, the payload format). */
export function DateRangeForm({ range, onApply, isDisabled }: DateRangeFormProps) {
  const { values, bind, setValues } = useFormValues<PayloadDateRange>(range);
  const [errors, setErrors] = useState<DateRangeErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = dateRangeErrors(values);
    setErrors(problems);
    if (Object.keys(problems).length === 0) onApply(values);
  };

  const showLast30Days = () => {
    const fresh = defaultHistoryRange();
    setValues(fresh);
    setErrors({});
    onApply(fresh);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Date range">
      <Flex gap="small" alignItems="flex-end" wrap="wrap">
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
        <Button type="submit" isDisabled={isDisabled}>
          Show
        </Button>
        <Button variation="link" onClick={showLast30Days} isDisabled={isDisabled}>
          Last 30 days
        </Button>
      </Flex>
    </form>
  );
}
