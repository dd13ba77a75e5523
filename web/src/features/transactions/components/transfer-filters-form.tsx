import { Button, Flex } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { BANK_TRANSFER_STATE_LABELS, BANK_TRANSFER_STATES } from '@shared/contracts/bank-transfers';
import { ChoiceField, type Choice } from '@/components/choice-field';
import { DateRangeFields } from '@/components/date-range-fields';
import { dateRangeErrors, type DateRangeErrors } from '@/lib/date-range-check';
import { useFormValues } from '@/lib/use-form-values';
import type { TransferFilters } from '../transfer-filters';

const STATE_CHOICES: readonly Choice<TransferFilters['state']>[] = [
  { value: 'all', label: 'Every state' },
  ...BANK_TRANSFER_STATES.map((state) => ({ value: state, label: BANK_TRANSFER_STATE_LABELS[state] })),
];

interface TransferFiltersFormProps {
  filters: TransferFilters;
  onApply: (filters: TransferFilters) => void;
  isDisabled: boolean;
}

/** State and dates of the claims listed. */
export function TransferFiltersForm({ filters, onApply, isDisabled }: TransferFiltersFormProps) {
  const { values, setValues } = useFormValues<TransferFilters>(filters);
  const [errors, setErrors] = useState<DateRangeErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = dateRangeErrors(values);
    setErrors(problems);
    if (Object.keys(problems).length === 0) onApply(values);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Filters">
      <Flex gap="small" alignItems="flex-end" wrap="wrap">
        <ChoiceField label="State" name="state" value={values.state} choices={STATE_CHOICES} onChange={(state) => setValues((current) => ({ ...current, state }))} isDisabled={isDisabled} />
        <DateRangeFields values={values} onDateChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))} errors={errors} isDisabled={isDisabled} />
        <Button type="submit" isDisabled={isDisabled}>
          Show
        </Button>
      </Flex>
    </form>
  );
}
