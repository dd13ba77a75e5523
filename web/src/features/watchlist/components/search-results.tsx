import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { WatchlistScript } from '../../../../../shared/contracts/scripts';
import { orderUnitOf } from '../quantity-label';

interface SearchResultsProps {
  scripts: readonly WatchlistScript[];
  watchedScriptIds: ReadonlySet<string>;
  /** The script being added right now, if any. */
  addingScriptId: string | null;
  onAdd: (script: WatchlistScript) => void;
}

/** Found scripts, each with an Add button (or a note that it is already on the list). */
export function SearchResults({ scripts, watchedScriptIds, addingScriptId, onAdd }: SearchResultsProps) {
  return (
    <ul className="script-results" aria-label="Search results">
      {scripts.map((script) => {
        const isWatched = watchedScriptIds.has(script.script_id);
        return (
          <li key={script.script_id} className="script-results__item">
            <Flex direction="column" gap="0">
              <Text fontWeight="semibold">{script.display_name}</Text>
              <Text variation="secondary" fontSize="small">
                {script.script_id} · {orderUnitOf(script)}
              </Text>
            </Flex>
            <Button
              size="small"
              aria-label={isWatched ? `${script.display_name} is on your watch list` : `Add ${script.display_name}`}
              isDisabled={isWatched || addingScriptId !== null}
              isLoading={addingScriptId === script.script_id}
              loadingText="Adding…"
              onClick={() => onAdd(script)}
            >
              {isWatched ? 'Added' : 'Add'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
