import { Alert, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent } from 'react';
import type { WatchlistScript } from '../../../../../shared/contracts/scripts';
import { LoadingState } from '../../../components/loading-state';
import { errorText } from '../../../lib/error-text';
import { useDebouncedValue } from '../../auth/hooks/use-debounced-value';
import { useScriptSearch } from '../api/use-script-search';
import { SEARCH_DEBOUNCE_MS } from '../refresh-timing';
import { isScriptType, SCRIPT_TYPE_LABELS, SCRIPT_TYPES, type ScriptType } from '../script-types';
import { SearchResults } from './search-results';

interface ScriptSearchProps {
  watchedScriptIds: ReadonlySet<string>;
  addingScriptId: string | null;
  onAdd: (script: WatchlistScript) => void;
  onTrade: (script: WatchlistScript) => void;
}

/** Search-as-you-type by script type and symbol; the search runs once typing pauses. */
export function ScriptSearch({ watchedScriptIds, addingScriptId, onAdd, onTrade }: ScriptSearchProps) {
  const [type, setType] = useState<ScriptType>('EQ');
  const [symbol, setSymbol] = useState('');
  const settledSymbol = useDebouncedValue(symbol, SEARCH_DEBOUNCE_MS);
  const search = useScriptSearch(type, settledSymbol);
  const hasQuery = settledSymbol.trim().length > 0;

  return (
    <Flex as="section" direction="column" gap="small" aria-label="Find a script" className="script-search">
      <Flex gap="small" wrap="wrap" alignItems="flex-end">
        <SelectField
          label="Script type"
          value={type}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => {
            if (isScriptType(event.target.value)) setType(event.target.value);
          }}
        >
          {SCRIPT_TYPES.map((scriptType) => (
            <option key={scriptType} value={scriptType}>
              {SCRIPT_TYPE_LABELS[scriptType]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Symbol"
          placeholder="e.g. NIFTY, RELIANCE"
          autoComplete="off"
          value={symbol}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setSymbol(event.target.value)}
          className="script-search__symbol"
        />
      </Flex>
      {hasQuery && search.isPending ? <LoadingState label="Searching…" /> : null}
      {hasQuery && search.isError ? (
        <Alert variation="error" role="alert">
          {errorText(search.error)}
        </Alert>
      ) : null}
      {hasQuery && search.data?.length === 0 ? <Text variation="secondary">No scripts match “{settledSymbol.trim()}”.</Text> : null}
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
