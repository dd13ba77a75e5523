import { Button, Flex, SelectField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { DateRangeFields } from '@/components/date-range-fields';
import { fromFilterValues, toFilterValues, type OrderFilterValues, type OrderFilters } from '@/entities/orders/order-filters';
import type { OrderOrigin } from '@/entities/orders/order-history-kind';
import { ORDER_STATUSES, ORIGIN_LABELS, STATUS_LABELS } from '@/entities/orders/order-labels';
import { dateRangeErrors, type DateRangeErrors } from '@/lib/date-range-check';
import { defaultHistoryRange } from '@/lib/format/calendar-date';
import { useFormValues } from '@/lib/use-form-values';

interface OrderFiltersFormProps {
  filters: OrderFilters;
  /** The origins to offer; none hides the origin filter. */
  origins: readonly OrderOrigin[];
  onApply: (filters: OrderFilters) => void;
  isDisabled: boolean;
}

/** The order history's date range, status and origin. */
export function OrderFiltersForm({ filters, origins, onApply, isDisabled }: OrderFiltersFormProps) {
  const { values, bind, setValues } = useFormValues<OrderFilterValues>(toFilterValues(filters));
  const [errors, setErrors] = useState<DateRangeErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = dateRangeErrors(values);
    setErrors(problems);
    if (Object.keys(problems).length === 0) onApply(fromFilterValues(values));
  };

  const showLast30Days = () => {
    const fresh: OrderFilterValues = { ...values, ...defaultHistoryRange() };
    setValues(fresh);
    setErrors({});
    onApply(fromFilterValues(fresh));
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Order filters">
      <Flex gap="small" alignItems="flex-end" wrap="wrap">
        <DateRangeFields values={values} onDateChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))} errors={errors} isDisabled={isDisabled} />
        <SelectField label="Status" {...bind('status')} isDisabled={isDisabled}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        {origins.length > 0 ? (
          <SelectField label="Origin" {...bind('origin')} isDisabled={isDisabled}>
            <option value="">All origins</option>
            {origins.map((origin) => (
              <option key={origin} value={origin}>
                {ORIGIN_LABELS[origin]}
              </option>
            ))}
          </SelectField>
        ) : null}
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
