import { Button, Flex } from '@aws-amplify/ui-react';
import type { WatchlistScript } from '@shared/contracts/scripts';
import { ScriptSummary } from '@/entities/scripts/components/script-summary';

interface SearchResultsProps {
  scripts: readonly WatchlistScript[];
  watchedScriptIds: ReadonlySet<string>;
  /** The script being added right now, if any. */
  addingScriptId: string | null;
  onAdd: (script: WatchlistScript) => void;
  /** Opens the order ticket for a found script, listed or not. */
  onTrade: (script: WatchlistScript) => void;
}

/** Found scripts, each with Trade and an Add button (or a note that it is already on the list). */
export function SearchResults({ scripts, watchedScriptIds, addingScriptId, onAdd, onTrade }: SearchResultsProps) {
  return (
    <ul className="script-results" aria-label="Search results">
      {scripts.map((script) => {
        const isWatched = watchedScriptIds.has(script.script_id);
        return (
          <li key={script.script_id} className="script-results__item">
            <ScriptSummary script={script} />
            <Flex gap="xxs" wrap="nowrap">
              <Button size="small" variation="primary" aria-label={`Trade ${script.display_name}`} onClick={() => onTrade(script)}>
                Trade
              </Button>
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
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
