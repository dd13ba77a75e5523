import { SelectField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';

export interface Choice<Value extends string> {
  value: Value;
  label: string;
}

interface ChoiceFieldProps<Value extends string> {
  label: string;
  name: string;
  value: Value;
  choices: readonly Choice<Value>[];
  onChange: (value: Value) => void;
  errorMessage?: string | undefined;
  descriptiveText?: string;
  isDisabled: boolean;
}

/** A select over a fixed list of choices; only a listed value ever reaches `onChange`. */
export function ChoiceField<Value extends string>({ label, name, value, choices, onChange, errorMessage, descriptiveText, isDisabled }: ChoiceFieldProps<Value>) {
  return (
    <SelectField
      label={label}
      name={name}
      value={value}
      descriptiveText={descriptiveText}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => {
        const chosen = choices.find((choice) => choice.value === event.target.value);
        if (chosen) onChange(chosen.value);
      }}
      hasError={Boolean(errorMessage)}
      errorMessage={errorMessage}
      isDisabled={isDisabled}
    >
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectField>
  );
}

/** Choices labelled by their own value (the spec's ranges read as they are). */
export const choicesOf = <Value extends string>(values: readonly Value[]): Choice<Value>[] => values.map((value) => ({ value, label: value }));
