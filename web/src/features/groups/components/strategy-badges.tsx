import { Badge, Flex } from '@aws-amplify/ui-react';
import type { Group } from '@shared/contracts/groups';
import { offeredText } from '../strategy-terms';

/** Who may see the strategy (PRIVATE: the users its owner permits; PUBLIC: the whole franchise) and whether it is offered at all. */
export function StrategyBadges({ group }: { group: Pick<Group, 'visibility' | 'is_strategy'> }) {
  return (
    <Flex gap="xs" wrap="wrap" alignItems="center">
      <Badge size="small" variation={group.visibility === 'PRIVATE' ? 'warning' : 'info'}>
        {group.visibility}
      </Badge>
      <Badge size="small" variation={group.is_strategy ? 'success' : 'error'}>
        {offeredText(group)}
      </Badge>
    </Flex>
  );
}
