import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { GroupBroker } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { paths, pathTo } from '@/config/paths';
import { BROKER_STATUS_BADGES } from '@/entities/broker-accounts/broker-status';
import { AccountStatusBadge } from '@/entities/broker-accounts/components/account-status-badge';
import { formatDisplayDate } from '@/lib/format/date-time';
import { ChildTradingSwitch } from './child-trading-switch';
import { MultiplierEditor } from './multiplier-editor';
import { RemoveChildDialog } from './remove-child-dialog';

/** One account inside the group: its status, multiplier and trading switch here, and leaving the group. */
export function ChildOverview({ child, dialogs, onRemoved }: { child: GroupBroker; dialogs: DialogSlot; onRemoved: () => void }) {
  return (
    <Card variation="outlined" className="group-settings">
      <Flex direction="column" gap="medium">
        <Flex justifyContent="space-between" alignItems="center" gap="xs" wrap="wrap">
          <Heading level={3}>{child.broker_combined_name}</Heading>
          <AccountStatusBadge status={child.status} />
        </Flex>
        <Text variation="secondary">
          {BROKER_STATUS_BADGES[child.status].meaning}. In the group since {formatDisplayDate(child.created_at)}.{' '}
          <Link to={pathTo(paths.dematAccount, { broker_id: child.broker_id })}>Open the account</Link>
        </Text>
        <Flex gap="large" alignItems="flex-start" wrap="wrap">
          <MultiplierEditor key={child.multiplier} child={child} />
          <ChildTradingSwitch child={child} />
        </Flex>
        <Flex>
          <Button variation="destructive" size="small" onClick={() => dialogs.open(<RemoveChildDialog child={child} onClose={dialogs.close} onRemoved={onRemoved} />)}>
            Remove from group
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
