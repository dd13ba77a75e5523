import { TextAreaField, TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import { useConfigField } from './config-form-context';

interface ConfigTextFieldProps {
  /** The field's name in the group's schema (a string). */
  name: string;
  label: string;
  /** The input's type: the keyboard phones show and what the browser offers to fill in. */
  type?: 'text' | 'email' | 'url' | 'tel';
  descriptiveText?: string;
  placeholder?: string;
  /** Letters turn upper case as they are typed (codes such as a GSTIN). */
  uppercase?: boolean;
  /** Several lines (an address). */
  multiline?: boolean;
  autoComplete?: string;
}

/** A text, web address, email or phone field of a config group. */
export function ConfigTextField({ name, label, type = 'text', descriptiveText, placeholder, uppercase = false, multiline = false, autoComplete = 'off' }: ConfigTextFieldProps) {
  const field = useConfigField(name, '');
  const common = {
    label,
    name,
    value: typeof field.value === 'string' ? field.value : '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => field.setValue(uppercase ? event.target.value.toUpperCase() : event.target.value),
    descriptiveText,
    placeholder,
    autoComplete,
    hasError: Boolean(field.errorMessage),
    errorMessage: field.errorMessage,
    isDisabled: field.isDisabled,
  };
  return multiline ? <TextAreaField rows={3} {...common} /> : <TextField type={type} {...common} />;
}
