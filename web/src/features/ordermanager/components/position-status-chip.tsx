import { Badge } from '@aws-amplify/ui-react';
import type { OpStatus } from '../../../../../shared/contracts/ordermanager';
import { STATUS_CHIPS } from '../position-status';

/** A position's state as a coloured chip, its meaning in the tooltip. */
export function PositionStatusChip({ status }: { status: OpStatus }) {
  const chip = STATUS_CHIPS[status];
  return (
    <Badge size="small" variation={chip.variation} title={chip.hint} data-status={status} className="position-status">
      {chip.label}
    </Badge>
  );
}
