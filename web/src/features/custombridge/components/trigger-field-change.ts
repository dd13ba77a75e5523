import type { TriggerFormValues } from '../trigger-form';

/** Sets one field of the trigger dialog. */
export type TriggerFieldChange = <Field extends keyof TriggerFormValues>(field: Field, value: TriggerFormValues[Field]) => void;

/** What each group of the trigger dialog's fields takes. */
export interface TriggerFieldsProps {
  values: TriggerFormValues;
  onChange: TriggerFieldChange;
  errors: Readonly<Record<string, string>>;
  isDisabled: boolean;
}
