import { TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { numberOfText, textOfNumber } from './config-draft';
import { useConfigField } from './config-form-context';

const UNIT_LABELS = { rupees: ' (₹)', percent: ' (%)', none: '' } as const;

interface ConfigNumberFieldProps {
  /** The field's name in the group's schema (a number). */
  name: string;
  label: string;
  /** Said after the label: rupees "(₹)", percent "(%)" or nothing. */
  unit?: keyof typeof UNIT_LABELS;
  descriptiveText?: string;
}

/**
 * A number field of a config group (up to two decimals are the schemas' business). What is typed stays as
 * typed; the form holds the number (blank → missing, not a number → NaN, both refused by the schema).
 */
export function ConfigNumberField({ name, label, unit = 'none', descriptiveText }: ConfigNumberFieldProps) {
  const field = useConfigField(name);
  const [text, setText] = useState(() => textOfNumber(field.value));
  return (
    <TextField
      label={`${label}${UNIT_LABELS[unit]}`}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.setValue(numberOfText(event.target.value));
      }}
      descriptiveText={descriptiveText}
      hasError={Boolean(field.errorMessage)}
      errorMessage={field.errorMessage}
      isDisabled={field.isDisabled}
    />
  );
}

/** An amount in rupees (the group's schema keeps it to whole paise). */
export function ConfigRupeeField(props: Omit<ConfigNumberFieldProps, 'unit'>) {
  return <ConfigNumberField {...props} unit="rupees" />;
}
