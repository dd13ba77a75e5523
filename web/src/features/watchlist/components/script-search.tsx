import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { OptionUnderlying } from '@shared/contracts/option-chain';
import type { WatchlistScript } from '@shared/contracts/scripts';
import { LoadingState } from '@/components/loading-state';
import { useOptionChainOffers } from '@/entities/option-chain/api/use-option-chain-offers';
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

const OPTION_TYPES: ReadonlySet<string> = new Set(['CE', 'PE']);

/** The single option contracts of underlyings whose chain is offered: the chain shows them better. */
function splitByChain(scripts: readonly WatchlistScript[], chains: readonly OptionUnderlying[] | undefined) {
  const chained = new Set((chains ?? []).map((chain) => `${chain.exchange}:${chain.underlying}`));
  const inChain = (script: WatchlistScript) => OPTION_TYPES.has(script.instrument_type) && chained.has(`${script.exchange}:${script.name}`);
  return { listed: scripts.filter((script) => !inChain(script)), folded: scripts.filter(inChain) };
}

/**
 * Search-as-you-type by script type and symbol; the search runs once typing pauses. An underlying with
 * options is offered as its option chain, in place of its hundreds of single contracts (which stay one
 * click away).
 */
export function ScriptSearch({ watchedScriptIds, addingScriptId, onAdd, onTrade, onOpenChain }: ScriptSearchProps) {
  const box = useScriptSearchBox();
  const { search, hasQuery } = box;
  const chains = useOptionChainOffers(box.query);
  const [unfoldedFor, setUnfoldedFor] = useState<string | null>(null);
  const { listed, folded } = splitByChain(search.data ?? [], chains.data);
  const shown = unfoldedFor === box.query ? [...listed, ...folded] : listed;

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
      {hasQuery && folded.length > 0 && unfoldedFor !== box.query ? (
        <Text variation="secondary" fontSize="small">
          {folded.length} single option contract{folded.length === 1 ? '' : 's'} are in the chain above.{' '}
          <Button size="small" variation="link" onClick={() => setUnfoldedFor(box.query)}>
            List them here
          </Button>
        </Text>
      ) : null}
      {hasQuery && shown.length > 0 ? (
        <SearchResults
          scripts={shown}
          watchedScriptIds={watchedScriptIds}
          addingScriptId={addingScriptId}
          onAdd={onAdd}
          onTrade={onTrade}
        />
      ) : null}
    </Flex>
  );
}
