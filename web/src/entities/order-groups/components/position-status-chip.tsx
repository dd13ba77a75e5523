import { Badge, Flex, Text } from '@aws-amplify/ui-react';
import type { OpStatus, Position } from '@shared/contracts/ordermanager';
import { EXIT_LEG_TEXTS, STATUS_CHIPS } from '../position-status';

/** A position's state as a coloured chip, its meaning in the tooltip; once closed by an order, the leg that closed it. */
export function PositionStatusChip({ status, exitLeg = null }: { status: OpStatus; exitLeg?: Position['exit_leg'] }) {
  const chip = STATUS_CHIPS[status];
  return (
    <Flex direction="column" gap="0" alignItems="flex-start">
      <Badge size="small" variation={chip.variation} title={chip.hint} data-status={status} className="position-status">
        {chip.label}
      </Badge>
      {exitLeg === null ? null : (
        <Text as="span" fontSize="xs" variation="secondary" title={EXIT_LEG_TEXTS[exitLeg]} data-testid="exit-leg" data-leg={exitLeg}>
          by {exitLeg}
        </Text>
      )}
    </Flex>
  );
}
