import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { Script } from '@shared/contracts/scripts';
import { SEARCH_DEBOUNCE_MS } from '@/entities/scripts/search-timing';
import { errorText } from '@/lib/error-text';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useBridgeScriptSearch, type BridgeScriptType } from '../api/use-bridge-script-search';
import type { SyntaxValues } from '../syntax/syntax-fields';

/** The bridge variant of each script type (spec §3): options search both sides. */
const BRIDGE_TYPE_OF: Readonly<Record<string, BridgeScriptType>> = { EQ: 'EQ', CE: 'OPT', PE: 'OPT', FUT: 'FUT' };

/** Premium- and ATM-based options name the underlying (NIFTY); everything else the exact trading symbol. */
const namesUnderlying = (values: SyntaxValues) => (values.script_type === 'CE' || values.script_type === 'PE') && values.option_selection !== 'SYMBOL_BASED';

interface SyntaxScriptFieldProps {
  values: SyntaxValues;
  onChange: (script: string) => void;
  errorMessage: string | undefined;
}

/** The script: typed, or picked from the bridge's script search (its trading symbol, or its underlying's name). */
export function SyntaxScriptField({ values, onChange, errorMessage }: SyntaxScriptFieldProps) {
  const settled = useDebouncedValue(values.script, SEARCH_DEBOUNCE_MS);
  const search = useBridgeScriptSearch(BRIDGE_TYPE_OF[values.script_type] ?? 'EQ', settled);
  const byUnderlying = namesUnderlying(values);
  const symbolOf = (script: Script) => (byUnderlying ? script.name : script.trading_symbol);
  const matches = [...new Set((search.data ?? []).map(symbolOf))].slice(0, 8);
  const showMatches = settled.trim().length > 0 && !matches.includes(values.script.trim().toUpperCase());

  return (
    <Flex direction="column" gap="xxs" className="syntax-script">
      <TextField
        label={byUnderlying ? 'Script (underlying, e.g. NIFTY)' : 'Script (trading symbol)'}
        name="script"
        autoComplete="off"
        value={values.script}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        hasError={Boolean(errorMessage)}
        errorMessage={errorMessage}
      />
      {showMatches && search.isError ? <Text fontSize="small" role="alert">{errorText(search.error)}</Text> : null}
      {showMatches && matches.length > 0 ? (
        <Flex gap="xxs" wrap="wrap" role="list" aria-label="Matching scripts">
          {matches.map((symbol) => (
            <Button key={symbol} size="small" role="listitem" onClick={() => onChange(symbol)}>
              {symbol}
            </Button>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}
