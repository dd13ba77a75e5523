import { Badge, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { Group } from '@shared/contracts/groups';

/** The strategy's name, who may see it, and what it is about. */
export function StrategyHeader({ group }: { group: Group }) {
  const isPrivate = group.visibility === 'PRIVATE';
  return (
    <Flex direction="column" gap="xs">
      <Flex alignItems="center" gap="small" wrap="wrap">
        <Heading level={3}>{group.grp_name}</Heading>
        <Badge variation={isPrivate ? 'warning' : 'info'}>{group.visibility}</Badge>
        {group.is_strategy ? null : <Badge variation="error">Not offered as a strategy</Badge>}
      </Flex>
      <Text variation="secondary">
        {isPrivate ? 'Only the users you permit below may see this strategy.' : 'Every user of your franchise may see this strategy.'}
      </Text>
      {group.strategy_description ? <Text>{group.strategy_description}</Text> : null}
    </Flex>
  );
}
