import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { Group } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { GroupActions } from './group-actions';
import { GroupCountersList } from './group-counters-list';
import { GroupLink } from './group-link';
import { GroupSwitchControl } from './group-switch-control';
import { MasterLabel } from './master-label';

/** One group as a card: name, trading switch, master, counters and actions. */
export function GroupCard({ group, dialogs }: { group: Group; dialogs: DialogSlot }) {
  return (
    <Card as="article" variation="outlined" className="group-card" aria-label={group.grp_name}>
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" gap="xs" wrap="wrap">
          <Heading level={4} className="group-card__name">
            <GroupLink group={group} />
          </Heading>
          <GroupSwitchControl group={group} name="trading" />
        </Flex>
        <Text fontSize="small">
          Master: <MasterLabel group={group} />
        </Text>
        <GroupCountersList group={group} />
        <GroupActions group={group} dialogs={dialogs} />
      </Flex>
    </Card>
  );
}
