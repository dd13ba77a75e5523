import { CheckboxField, Flex, Heading, SelectField, TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import { FIELD_CHOICES, FLAG_FIELDS, isShown, NUMERIC_FIELDS, type FlagFieldName, type SyntaxValues, type TextFieldName } from '../syntax/syntax-fields';
import { FIELD_LABELS, SYNTAX_SECTIONS } from '../syntax/syntax-labels';
import { PLACEHOLDERS } from '../syntax/syntax-order';
import { SyntaxScriptField } from './syntax-script-field';

const isFlag = (field: string): field is FlagFieldName => (FLAG_FIELDS as readonly string[]).includes(field);

interface SyntaxFormProps {
  values: SyntaxValues;
  onChange: (patch: Partial<SyntaxValues>) => void;
  /** The first problem per field, from jsonBridgeOrderSchema. */
  problems: Readonly<Record<string, string>>;
}

/** The JSON bridge order fields as a form; a field shows only when the other fields make it apply. */
export function SyntaxForm({ values, onChange, problems }: SyntaxFormProps) {
  const placeholderOf = (field: TextFieldName) => (values.use_placeholders && field in PLACEHOLDERS ? PLACEHOLDERS[field as keyof typeof PLACEHOLDERS] : null);

  const textField = (field: TextFieldName) => {
    if (field === 'script') return <SyntaxScriptField key={field} values={values} onChange={(script) => onChange({ script })} errorMessage={problems.script} />;
    const placeholder = placeholderOf(field);
    const choices = FIELD_CHOICES[field];
    const common = { label: FIELD_LABELS[field], name: field, hasError: Boolean(problems[field]), errorMessage: problems[field] };
    if (placeholder) return <TextField key={field} {...common} value={placeholder} isReadOnly descriptiveText="Filled in by TradingView for each alert" />;
    if (choices) {
      return (
        <SelectField key={field} {...common} value={values[field]} onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange({ [field]: event.target.value })}>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </SelectField>
      );
    }
    return (
      <TextField
        key={field}
        {...common}
        inputMode={NUMERIC_FIELDS.has(field) ? 'decimal' : 'text'}
        value={values[field]}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange({ [field]: event.target.value })}
      />
    );
  };

  const flagField = (field: FlagFieldName) => (
    <CheckboxField
      key={field}
      label={FIELD_LABELS[field]}
      name={field}
      className="syntax-form__flag"
      checked={values[field]}
      hasError={Boolean(problems[field])}
      errorMessage={problems[field]}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange({ [field]: event.target.checked })}
    />
  );

  return (
    <Flex direction="column" gap="medium" className="syntax-form">
      <Flex direction="column" gap="xxs">
        <CheckboxField
          label="Use TradingView placeholders for action, contracts and position size"
          name="use_placeholders"
          checked={values.use_placeholders}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange({ use_placeholders: event.target.checked })}
        />
        <CheckboxField
          label="Send position_size (the position to hold afterwards)"
          name="with_position_size"
          checked={values.with_position_size}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange({ with_position_size: event.target.checked })}
        />
      </Flex>
      {SYNTAX_SECTIONS.map((section) => {
        const shown = section.fields.filter((field) => isShown(field, values));
        if (shown.length === 0) return null;
        return (
          <fieldset key={section.title} className="syntax-form__section">
            <legend>
              <Heading level={4}>{section.title}</Heading>
            </legend>
            <div className="syntax-form__grid">{shown.map((field) => (isFlag(field) ? flagField(field) : textField(field)))}</div>
          </fieldset>
        );
      })}
    </Flex>
  );
}
