import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { AddGroupForm } from '../components/add-group-form';
import { GroupsSection } from '../components/groups-section';
import '../groups.css';

/** Spec §2 /group/group: the user's copy-trading groups with their counters; add, rename, delete. */
export function GroupsPage() {
  const dialogs = useDialogSlot();
  return (
    <Flex direction="column" gap="large" className="groups-page">
      <Flex direction="column" gap="xxs">
        <Heading level={2}>Group</Heading>
        <Text variation="secondary">An order placed on a group goes to each of its accounts, scaled by the account's multiplier.</Text>
      </Flex>
      <AddGroupForm />
      <GroupsSection dialogs={dialogs} />
      {dialogs.dialog}
    </Flex>
  );
}
