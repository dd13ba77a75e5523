import { Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { MAX_FRANCHISE_MONEY_RANGE_DAYS } from '@shared/contracts/franchise-money';
import { ChoiceField, type Choice } from '@/components/choice-field';
import { DateRangeFields } from '@/components/date-range-fields';
import { dateRangeErrors, type DateRangeErrors } from '@/lib/date-range-check';
import { shiftPayloadDate, type PayloadDateRange } from '@/lib/format/calendar-date';
import { useFormValues } from '@/lib/use-form-values';
import { USER_FILTER_INVALID, userRequestOf } from '../money-filters';

type Filters = PayloadDateRange & { user: string } & Record<string, string>;

/** A select of the form: which filter field, its label and its choices (the first is "every …"). */
export interface FilterSelect<F extends Filters> {
  readonly field: keyof F & string;
  readonly label: string;
  readonly choices: readonly Choice<string>[];
}

interface MoneyFiltersFormProps<F extends Filters> {
  /** The form's accessible name ("Payment filters"). */
  label: string;
  filters: F;
  selects: readonly FilterSelect<F>[];
  onApply: (filters: F) => void;
  isDisabled: boolean;
}

type Errors = DateRangeErrors & { user?: string };

export const RANGE_TOO_LONG = `Choose a range of at most ${MAX_FRANCHISE_MONEY_RANGE_DAYS} days.`;

function errorsOf(values: Filters): Errors {
  const errors: Errors = dateRangeErrors(values);
  if (!errors.from_date && !errors.to_date && shiftPayloadDate(values.from_date, MAX_FRANCHISE_MONEY_RANGE_DAYS - 1) < values.to_date) errors.from_date = RANGE_TOO_LONG;
  if (userRequestOf(values.user) === null) errors.user = USER_FILTER_INVALID;
  return errors;
}

/** Dates (at most 93 days), a few choices and a user (id or email) for a franchise-wide money listing. */
export function MoneyFiltersForm<F extends Filters>({ label, filters, selects, onApply, isDisabled }: MoneyFiltersFormProps<F>) {
  const { values, setValues } = useFormValues<F>(filters);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = errorsOf(values);
    setErrors(problems);
    if (Object.keys(problems).length === 0) onApply({ ...values, user: values.user.trim() });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Flex gap="small" alignItems="flex-end" wrap="wrap">
        {selects.map((select) => (
          <ChoiceField
            key={select.field}
            label={select.label}
            name={select.field}
            value={values[select.field] ?? ''}
            choices={select.choices}
            onChange={(value) => setValues((current) => ({ ...current, [select.field]: value }))}
            isDisabled={isDisabled}
          />
        ))}
        <TextField
          label="User"
          name="user"
          placeholder="User id or email"
          value={values.user}
          onChange={(event) => setValues((current) => ({ ...current, user: event.target.value }))}
          hasError={Boolean(errors.user)}
          errorMessage={errors.user}
          isDisabled={isDisabled}
        />
        <DateRangeFields values={values} onDateChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))} errors={errors} isDisabled={isDisabled} />
        <Button type="submit" isDisabled={isDisabled}>
          Show
        </Button>
      </Flex>
    </form>
  );
}
