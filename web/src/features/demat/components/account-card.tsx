import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { BrokerAccount } from '@shared/contracts/broker';
import { AccountStatusBadge } from '@/entities/broker-accounts/components/account-status-badge';
import { AccountStaticIp } from '@/entities/static-ips/components/account-static-ip';
import type { AccountActionTools } from '../hooks/use-account-action-tools';
import { AccountActions } from './account-actions';
import { AccountFactsList } from './account-facts-list';
import { AccountLink } from './account-link';
import { AccountSwitches } from './account-switches';

/** One broker account as a card: name and status, facts, note, switches and actions. */
export function AccountCard({ account, tools }: { account: BrokerAccount; tools: AccountActionTools }) {
  return (
    <Card as="article" variation="outlined" className="account-card" aria-label={account.broker_combined_name}>
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" gap="xs">
          <Heading level={4} className="account-card__name">
            <AccountLink account={account} />
          </Heading>
          <AccountStatusBadge status={account.status} />
        </Flex>
        <AccountFactsList account={account} />
        <AccountStaticIp account={account} />
        <Text variation="secondary" fontSize="small" className="account-card__note">
          {account.note ? `Note: ${account.note}` : 'No note'}
        </Text>
        <AccountSwitches account={account} />
        <AccountActions account={account} tools={tools} />
      </Flex>
    </Card>
  );
}
