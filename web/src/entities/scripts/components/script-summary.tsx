import { Flex, Text } from '@aws-amplify/ui-react';
import type { WatchlistScript } from '@shared/contracts/scripts';
import { lotSizeText } from '../quantity-label';

/** A found script as a result list names it: the readable name, then its id and, for a derivative, its lot size. */
export function ScriptSummary({ script }: { script: WatchlistScript }) {
  const lot = lotSizeText(script);
  return (
    <Flex direction="column" gap="0">
      <Text fontWeight="semibold">{script.display_name}</Text>
      <Text variation="secondary" fontSize="small">
        {lot ? `${script.script_id} · ${lot}` : script.script_id}
      </Text>
    </Flex>
  );
}
