import { ChoiceField, type Choice } from '@/components/choice-field';
import { useConfigField } from './config-form-context';

interface ConfigChoiceFieldProps<Value extends string> {
  /** The field's name in the group's schema (one of `choices`' values). */
  name: string;
  label: string;
  /** Every value the schema takes, each with the words shown; the first is the start when the group has none. */
  choices: readonly [Choice<Value>, ...Choice<Value>[]];
  descriptiveText?: string;
}

/** A field of a config group that takes one of a fixed list of values (e.g. a mail server's security). */
export function ConfigChoiceField<Value extends string>({ name, label, choices, descriptiveText }: ConfigChoiceFieldProps<Value>) {
  const field = useConfigField(name, choices[0].value);
  const current = choices.find((choice) => choice.value === field.value) ?? choices[0];
  return (
    <ChoiceField
      label={label}
      name={name}
      value={current.value}
      choices={choices}
      onChange={field.setValue}
      errorMessage={field.errorMessage}
      {...(descriptiveText ? { descriptiveText } : {})}
      isDisabled={field.isDisabled}
    />
  );
}
