import { Badge } from '@aws-amplify/ui-react';
import type { SignalStatus } from '../signal-filters';
import { SIGNAL_STATUS_CHIPS } from '../signal-status';

/** A signal's status as a coloured chip, its meaning in the tooltip. */
export function SignalStatusChip({ status }: { status: SignalStatus }) {
  const chip = SIGNAL_STATUS_CHIPS[status];
  return (
    <Badge size="small" variation={chip.variation} title={chip.hint} data-status={status}>
      {chip.label}
    </Badge>
  );
}
