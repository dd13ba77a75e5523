import { Text } from '@aws-amplify/ui-react';
import type { Group } from '@shared/contracts/groups';
import { AccountStatusBadge } from '@/entities/broker-accounts/components/account-status-badge';

/** The group's master account with its status, or that it has none. */
export function MasterLabel({ group }: { group: Group }) {
  if (!group.master) {
    return (
      <Text as="span" variation="secondary">
        No master
      </Text>
    );
  }
  return (
    <Text as="span">
      {group.master.broker_combined_name} <AccountStatusBadge status={group.master.status} />
    </Text>
  );
}
