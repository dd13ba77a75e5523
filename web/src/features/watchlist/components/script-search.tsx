import { Alert, Flex, Text } from '@aws-amplify/ui-react';
import type { OptionUnderlying } from '@shared/contracts/option-chain';
import type { WatchlistScript } from '@shared/contracts/scripts';
import { LoadingState } from '@/components/loading-state';
import { OptionChainOffers } from '@/entities/option-chain/components/option-chain-offers';
import { ScriptSearchFields } from '@/entities/scripts/components/script-search-fields';
import { useScriptSearchBox } from '@/entities/scripts/hooks/use-script-search-box';
import { errorText } from '@/lib/error-text';
import { SearchResults } from './search-results';

interface ScriptSearchProps {
  watchedScriptIds: ReadonlySet<string>;
  addingScriptId: string | null;
  onAdd: (script: WatchlistScript) => void;
  onTrade: (script: WatchlistScript) => void;
  /** Opens the option chain of an underlying the search names (offered before single contracts). */
  onOpenChain: (offer: OptionUnderlying) => void;
}

/** Search-as-you-type by script type and symbol; the search runs once typing pauses. */
export function ScriptSearch({ watchedScriptIds, addingScriptId, onAdd, onTrade, onOpenChain }: ScriptSearchProps) {
  const box = useScriptSearchBox();
  const { search, hasQuery } = box;

  return (
    <Flex as="section" direction="column" gap="small" aria-label="Find a script" className="script-search">
      <ScriptSearchFields box={box} symbolClassName="script-search__symbol" />
      {hasQuery ? <OptionChainOffers query={box.query} onOpen={onOpenChain} /> : null}
      {hasQuery && search.isPending ? <LoadingState label="Searching…" /> : null}
      {hasQuery && search.isError ? (
        <Alert variation="error" role="alert">
          {errorText(search.error)}
        </Alert>
      ) : null}
      {hasQuery && search.data?.length === 0 ? <Text variation="secondary">No scripts match “{box.query}”.</Text> : null}
      {hasQuery && search.data && search.data.length > 0 ? (
        <SearchResults
          scripts={search.data}
          watchedScriptIds={watchedScriptIds}
          addingScriptId={addingScriptId}
          onAdd={onAdd}
          onTrade={onTrade}
        />
      ) : null}
    </Flex>
  );
}
