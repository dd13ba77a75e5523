import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { BrokerAccount } from '@shared/contracts/broker';
import type { Group, GroupBroker } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { AddChildForm } from './add-child-form';
import { ChildrenTable } from './children-table';

interface ChildrenSectionProps {
  group: Group;
  childAccounts: readonly GroupBroker[];
  accounts: readonly BrokerAccount[];
  dialogs: DialogSlot;
}

/** The group's accounts ("children"): add one, and the table of those in it. */
export function ChildrenSection({ group, childAccounts, accounts, dialogs }: ChildrenSectionProps) {
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="group-children-heading">
      <Heading level={3} id="group-children-heading">
        Accounts in this group
      </Heading>
      <AddChildForm group={group} childAccounts={childAccounts} accounts={accounts} />
      {childAccounts.length === 0 ? (
        <Text variation="secondary">No accounts yet: add your connected accounts above, each with the multiplier of the group's quantity it trades.</Text>
      ) : (
        <ChildrenTable childAccounts={childAccounts} dialogs={dialogs} />
      )}
    </Flex>
  );
}
