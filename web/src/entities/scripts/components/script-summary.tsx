import { Flex, Text } from '@aws-amplify/ui-react';
import type { WatchlistScript } from '@shared/contracts/scripts';
import { orderUnitOf } from '../quantity-label';

/** A found script as a result list names it: the readable name, then its id and the unit it is ordered in. */
export function ScriptSummary({ script }: { script: WatchlistScript }) {
  return (
    <Flex direction="column" gap="0">
      <Text fontWeight="semibold">{script.display_name}</Text>
      <Text variation="secondary" fontSize="small">
        {script.script_id} · {orderUnitOf(script)}
      </Text>
    </Flex>
  );
}
