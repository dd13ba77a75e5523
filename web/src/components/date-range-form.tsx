import { Button, Flex } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { defaultHistoryRange, type PayloadDateRange } from '@/lib/format/calendar-date';
import { useFormValues } from '@/lib/use-form-values';
import { DateRangeFields } from '@/components/date-range-fields';
import { dateRangeErrors, type DateRangeErrors } from '@/lib/date-range-check';

interface DateRangeFormProps {
  /** The form's accessible name, e.g. "Date range" or "Ledger dates". */
  label: string;
  range: PayloadDateRange;
  onApply: (range: PayloadDateRange) => void;
  isDisabled: boolean;
}

/** A listing's date range (activity log, ledger), with a shortcut back to the last 30 days. */
export function DateRangeForm({ label, range, onApply, isDisabled }: DateRangeFormProps) {
  const { values, setValues } = useFormValues<PayloadDateRange>(range);
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
    <form onSubmit={submit} noValidate aria-label={label}>
      <Flex gap="small" alignItems="flex-end" wrap="wrap">
        <DateRangeFields values={values} onDateChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))} errors={errors} isDisabled={isDisabled} />
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
