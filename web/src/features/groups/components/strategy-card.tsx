import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { Group } from '@shared/contracts/groups';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { strategyFigures } from '../strategy-terms';
import { GroupCountersList } from './group-counters-list';
import { GroupLink } from './group-link';
import { GroupSwitchControl } from './group-switch-control';
import { MasterLabel } from './master-label';
import { StrategyActions } from './strategy-actions';
import { StrategyBadges } from './strategy-badges';

/** One strategy as a card: name (opening its page), visibility, whether it is offered, trading switch, master, subscribers and actions. */
export function StrategyCard({ group, dialogs }: { group: Group; dialogs: DialogSlot }) {
  return (
    <Card as="article" variation="outlined" className="group-card" aria-label={group.grp_name}>
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" gap="xs" wrap="wrap">
          <Heading level={4} className="group-card__name">
            <GroupLink group={group} />
          </Heading>
          <GroupSwitchControl group={group} name="trading" />
        </Flex>
        <StrategyBadges group={group} />
        <Text fontSize="small">
          Master: <MasterLabel group={group} />
        </Text>
        <GroupCountersList group={group} figures={strategyFigures(group)} />
        <StrategyActions group={group} dialogs={dialogs} />
      </Flex>
    </Card>
  );
}
