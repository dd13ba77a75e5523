import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { MAX_SIGNAL_VALIDITY_SECONDS, MIN_SIGNAL_VALIDITY_SECONDS } from '../../../../../shared/contracts/bridge-security';

interface ValidityWindowEditorProps {
  saved: number;
  isSaving: boolean;
  onSave: (seconds: number) => void;
}

function problemOf(text: string): string | null {
  const seconds = Number(text);
  if (text.trim() === '' || !Number.isInteger(seconds)) return 'Enter whole seconds.';
  if (seconds < MIN_SIGNAL_VALIDITY_SECONDS || seconds > MAX_SIGNAL_VALIDITY_SECONDS) return `Between ${MIN_SIGNAL_VALIDITY_SECONDS} and ${MAX_SIGNAL_VALIDITY_SECONDS} seconds.`;
  return null;
}

/** How late a signal may still be executed: past the window it is expired, never executed late. */
export function ValidityWindowEditor({ saved, isSaving, onSave }: ValidityWindowEditorProps) {
  const [text, setText] = useState(String(saved));
  const problem = problemOf(text);
  const changed = Number(text) !== saved;
  return (
    <Flex direction="column" gap="xs" as="section" aria-label="Signal validity window">
      <Flex gap="small" alignItems="flex-end" wrap="wrap">
        <TextField
          label="Signal validity (seconds)"
          type="number"
          inputMode="numeric"
          min={MIN_SIGNAL_VALIDITY_SECONDS}
          max={MAX_SIGNAL_VALIDITY_SECONDS}
          value={text}
          hasError={problem !== null}
          errorMessage={problem ?? undefined}
          onChange={(event) => setText(event.target.value)}
          width="12rem"
        />
        <Button size="small" onClick={() => onSave(Number(text))} isDisabled={problem !== null || !changed || isSaving} isLoading={isSaving} loadingText="Saving…">
          Save window
        </Button>
      </Flex>
      <Text variation="secondary" fontSize="small">
        A signal picked up later than this after it arrived is marked expired and places nothing — also when replayed.
      </Text>
    </Flex>
  );
}
