import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { Group } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import type { CounterFigure } from '../group-counters';
import { GroupActions } from './group-actions';
import { GroupCountersList } from './group-counters-list';
import { GroupLink } from './group-link';
import { GroupSwitchControl } from './group-switch-control';
import { MasterLabel } from './master-label';

interface GroupCardFrameProps {
  group: Group;
  /** Shown under the name (a strategy's visibility); none for a plain group. */
  badges?: ReactNode;
  /** The figures listed; left out, the group's accounts and order counters. */
  figures?: readonly CounterFigure[];
  actions: ReactNode;
}

/** The card every group and strategy shares: name (opening its page), trading switch, master, figures and actions. */
export function GroupCardFrame({ group, badges, figures, actions }: GroupCardFrameProps) {
  return (
    <Card as="article" variation="outlined" className="group-card" aria-label={group.grp_name}>
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" gap="xs" wrap="wrap">
          <Heading level={4} className="group-card__name">
            <GroupLink group={group} />
          </Heading>
          <GroupSwitchControl group={group} name="trading" />
        </Flex>
        {badges}
        <Text fontSize="small">
          Master: <MasterLabel group={group} />
        </Text>
        <GroupCountersList group={group} figures={figures} />
        {actions}
      </Flex>
    </Card>
  );
}

/** One group as a card: name, trading switch, master, counters and actions. */
export function GroupCard({ group, dialogs }: { group: Group; dialogs: DialogSlot }) {
  return <GroupCardFrame group={group} actions={<GroupActions group={group} dialogs={dialogs} />} />;
}
