import { Badge } from '@aws-amplify/ui-react';
import type { BrokerStatus } from '@shared/domain/states';
import { BROKER_STATUS_BADGES } from '../broker-status';

/** A broker account's status (spec §4) as a coloured badge. */
export function AccountStatusBadge({ status }: { status: BrokerStatus }) {
  const { label, variation, meaning } = BROKER_STATUS_BADGES[status];
  return (
    <Badge variation={variation} size="small" title={meaning} data-status={status}>
      {label}
    </Badge>
  );
}
