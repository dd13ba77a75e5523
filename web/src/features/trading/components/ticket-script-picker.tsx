import { Button, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent } from 'react';
import type { WatchlistScript } from '../../../../../shared/contracts/scripts';
import { LoadingState } from '../../../components/loading-state';
import { errorText } from '../../../lib/error-text';
import { useDebouncedValue } from '../../auth/hooks/use-debounced-value';
import { useScriptSearch } from '../../watchlist/api/use-script-search';
import { orderUnitOf } from '../../watchlist/quantity-label';
import { SEARCH_DEBOUNCE_MS } from '../../watchlist/refresh-timing';
import { isScriptType, SCRIPT_TYPE_LABELS, SCRIPT_TYPES, type ScriptType } from '../../watchlist/script-types';

/** The ticket's first step when it opens without a script (the account page): search as you type, then choose one. */
export function TicketScriptPicker({ onPick }: { onPick: (script: WatchlistScript) => void }) {
  const [type, setType] = useState<ScriptType>('EQ');
  const [symbol, setSymbol] = useState('');
  const settled = useDebouncedValue(symbol, SEARCH_DEBOUNCE_MS);
  const search = useScriptSearch(type, settled);
  const hasQuery = settled.trim().length > 0;

  return (
    <Flex direction="column" gap="small" className="ticket-script-picker">
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
          className="ticket-script-picker__symbol"
        />
      </Flex>
      {!hasQuery ? <Text variation="secondary">Type a symbol to find the script to trade.</Text> : null}
      {hasQuery && search.isPending ? <LoadingState label="Searching…" /> : null}
      {hasQuery && search.isError ? <Text role="alert">{errorText(search.error)}</Text> : null}
      {hasQuery && search.data?.length === 0 ? <Text variation="secondary">No scripts match “{settled.trim()}”.</Text> : null}
      {hasQuery && search.data && search.data.length > 0 ? (
        <ul className="ticket-script-picker__results" aria-label="Scripts to trade">
          {search.data.map((script) => (
            <li key={script.script_id} className="ticket-script-picker__item">
              <Flex direction="column" gap="0">
                <Text fontWeight="semibold">{script.display_name}</Text>
                <Text variation="secondary" fontSize="small">
                  {script.script_id} · {orderUnitOf(script)}
                </Text>
              </Flex>
              <Button size="small" aria-label={`Trade ${script.display_name}`} onClick={() => onPick(script)}>
                Choose
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}
