import { useCallback, useState, type ChangeEvent } from 'react';

type FormValues = Record<string, string>;

/**
 * The text values of a form, and `bind(field)`: the name, value and change handler an input needs.
 * `reset` puts every field back to the initial values.
 */
export function useFormValues<Values extends FormValues>(initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const bind = useCallback(
    (field: keyof Values & string) => ({
      name: field,
      value: values[field] ?? '',
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
        setValues((current) => ({ ...current, [field]: event.target.value })),
    }),
    [values],
  );
  const reset = useCallback(() => setValues(initial), [initial]);
  return { values, setValues, bind, reset };
}
