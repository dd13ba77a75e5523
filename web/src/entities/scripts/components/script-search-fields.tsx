import { Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { ScriptSearchBox } from '../hooks/use-script-search-box';
import { isScriptType, SCRIPT_TYPE_LABELS, SCRIPT_TYPES } from '../script-types';

interface ScriptSearchFieldsProps {
  box: Pick<ScriptSearchBox, 'type' | 'setType' | 'symbol' | 'setSymbol'>;
  /** Each search box styles its symbol field in its own block. */
  symbolClassName: string;
}

/** The inputs of a script search box: the script type, then the symbol typed. */
export function ScriptSearchFields({ box, symbolClassName }: ScriptSearchFieldsProps) {
  return (
    <Flex gap="small" wrap="wrap" alignItems="flex-end">
      <SelectField
        label="Script type"
        value={box.type}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          if (isScriptType(event.target.value)) box.setType(event.target.value);
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
        value={box.symbol}
        onChange={(event: ChangeEvent<HTMLInputElement>) => box.setSymbol(event.target.value)}
        className={symbolClassName}
      />
    </Flex>
  );
}
