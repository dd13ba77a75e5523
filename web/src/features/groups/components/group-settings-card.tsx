import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { BrokerAccount } from '@shared/contracts/broker';
import type { Group, GroupBroker } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { formatDisplayDate } from '@/lib/format/date-time';
import { GROUP_SWITCH_NAMES } from '../group-switches';
import { GroupActions } from './group-actions';
import { GroupCountersList } from './group-counters-list';
import { GroupSwitchControl } from './group-switch-control';
import { MasterControl } from './master-control';

interface GroupSettingsCardProps {
  group: Group;
  childAccounts: readonly GroupBroker[];
  accounts: readonly BrokerAccount[];
  dialogs: DialogSlot;
  onDeleted: () => void;
}

/** The group itself: its name, switches, master, counters, and rename / delete. */
export function GroupSettingsCard({ group, childAccounts, accounts, dialogs, onDeleted }: GroupSettingsCardProps) {
  return (
    <Card variation="outlined" className="group-settings">
      <Flex direction="column" gap="medium">
        <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Flex direction="column" gap="0">
            <Heading level={3} className="group-settings__name">
              {group.grp_name}
            </Heading>
            <Text variation="secondary" fontSize="small">
              Added on {formatDisplayDate(group.created_at)}
            </Text>
          </Flex>
          <GroupActions group={group} dialogs={dialogs} onDeleted={onDeleted} />
        </Flex>
        <Flex gap="large" wrap="wrap">
          {GROUP_SWITCH_NAMES.map((name) => (
            <GroupSwitchControl key={name} group={group} name={name} withHint />
          ))}
        </Flex>
        <MasterControl group={group} childAccounts={childAccounts} accounts={accounts} />
        <GroupCountersList group={group} />
      </Flex>
    </Card>
  );
}
