import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';

interface SecondsWindowEditorProps {
  /** Names the section for assistive technology, e.g. "Signal validity window". */
  title: string;
  label: string;
  min: number;
  max: number;
  /** What the window does, under the field. */
  help: string;
  saved: number;
  isSaving: boolean;
  onSave: (seconds: number) => void;
}

function problemOf(text: string, min: number, max: number): string | null {
  const seconds = Number(text);
  if (text.trim() === '' || !Number.isInteger(seconds)) return 'Enter whole seconds.';
  if (seconds < min || seconds > max) return `Between ${min} and ${max} seconds.`;
  return null;
}

/** One of a bridge's time windows in whole seconds (validity, retry), saved on its own. */
export function SecondsWindowEditor({ title, label, min, max, help, saved, isSaving, onSave }: SecondsWindowEditorProps) {
  const [text, setText] = useState(String(saved));
  const problem = problemOf(text, min, max);
  const changed = Number(text) !== saved;
  return (
    <Flex direction="column" gap="xs" as="section" aria-label={title}>
      <Flex gap="small" alignItems="flex-end" wrap="wrap">
        <TextField
          label={label}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
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
        {help}
      </Text>
    </Flex>
  );
}
