import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { BrokerAccount } from '@shared/contracts/broker';
import { BROKER_STATUS_BADGES } from '@/entities/broker-accounts/broker-status';
import { AccountStatusBadge } from '@/entities/broker-accounts/components/account-status-badge';
import { AccountStaticIp } from '@/entities/static-ips/components/account-static-ip';
import { formatDisplayDate } from '@/lib/format/date-time';
import type { AccountActionTools } from '../hooks/use-account-action-tools';
import { AccountActions } from './account-actions';
import { AccountFactsList } from './account-facts-list';
import { AccountSwitches } from './account-switches';

/** One account in full on its page: status and what it means, facts, note, switches and actions. */
export function AccountOverview({ account, tools }: { account: BrokerAccount; tools: AccountActionTools }) {
  return (
    <Card variation="outlined" className="account-overview">
      <Flex direction="column" gap="medium">
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="xs">
          <Heading level={3}>{account.broker_combined_name}</Heading>
          <AccountStatusBadge status={account.status} />
        </Flex>
        <Text variation="secondary">
          {BROKER_STATUS_BADGES[account.status].meaning}. Added on {formatDisplayDate(account.created_at)}.
        </Text>
        <AccountFactsList account={account} />
        <AccountStaticIp account={account} />
        <Text className="account-overview__note">{account.note ? `Note: ${account.note}` : 'No note'}</Text>
        <AccountSwitches account={account} direction="row" />
        <AccountActions account={account} tools={tools} />
      </Flex>
    </Card>
  );
}
