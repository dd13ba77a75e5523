import { Flex } from '@aws-amplify/ui-react';
import { SIGNAL_LOG_STATUSES } from '@shared/contracts/signals';
import { ChoiceField, type Choice } from '@/components/choice-field';
import type { SignalFilters, SignalStatus } from '../signal-filters';
import { SIGNAL_STATUS_CHIPS } from '../signal-status';

interface SignalFiltersBarProps {
  filters: SignalFilters;
  bridges: readonly { bridge_id: string; bridge_name: string }[];
  onChange: (filters: SignalFilters) => void;
}

const STATUS_CHOICES: readonly Choice<SignalStatus | ''>[] = [
  { value: '', label: 'Every status' },
  ...SIGNAL_LOG_STATUSES.map((status) => ({ value: status, label: SIGNAL_STATUS_CHIPS[status].label })),
];

/** Narrows the log to one bridge and one status. */
export function SignalFiltersBar({ filters, bridges, onChange }: SignalFiltersBarProps) {
  const bridgeChoices: Choice<string>[] = [{ value: '', label: 'Every bridge' }, ...bridges.map((bridge) => ({ value: bridge.bridge_id, label: bridge.bridge_name }))];
  // A link may name a bridge the list does not hold (a JSON bridge): keep it choosable.
  if (filters.bridgeId && !bridgeChoices.some((choice) => choice.value === filters.bridgeId)) bridgeChoices.push({ value: filters.bridgeId, label: 'This bridge' });
  return (
    <Flex gap="small" wrap="wrap" className="signal-filters" role="search" aria-label="Filter signals">
      <ChoiceField label="Bridge" name="bridge_id" value={filters.bridgeId} choices={bridgeChoices} onChange={(bridgeId) => onChange({ ...filters, bridgeId })} isDisabled={false} />
      <ChoiceField label="Status" name="status" value={filters.status} choices={STATUS_CHOICES} onChange={(status) => onChange({ ...filters, status })} isDisabled={false} />
    </Flex>
  );
}
