import { Flex, Text } from '@aws-amplify/ui-react';
import { BROKER_STATUS_BADGES } from '@/entities/broker-accounts/broker-status';
import { AccountStatusBadge } from '@/entities/broker-accounts/components/account-status-badge';
import { useBrokerAccount } from '../api/use-broker-account';

/** The status of the account the broker sent the user back for, as the server knows it now. */
export function ReturnedAccountStatus({ brokerId }: { brokerId: string }) {
  const account = useBrokerAccount(brokerId);
  if (!account.data) return null;
  return (
    <Flex alignItems="center" gap="xs" wrap="wrap">
      <Text fontWeight="semibold">{account.data.broker_combined_name}</Text>
      <AccountStatusBadge status={account.data.status} />
      <Text variation="secondary">{BROKER_STATUS_BADGES[account.data.status].meaning}</Text>
    </Flex>
  );
}
