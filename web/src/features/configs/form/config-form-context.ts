import { createContext, useContext, useEffect } from 'react';

/** What a field inside `ConfigForm` reads and writes; fields get it through `useConfigField`. */
export interface ConfigFormContextValue {
  readonly valueOf: (name: string) => unknown;
  readonly setValue: (name: string, value: unknown) => void;
  /** Gives a field the group has no value for yet (no save and no default) its empty value, without counting it as a change. */
  readonly initialize: (name: string, empty: unknown) => void;
  readonly errorOf: (name: string) => string | undefined;
  /** True while saving, or for good when the caller may not edit the group. */
  readonly isDisabled: boolean;
  /** For a secret field: whether the API said one is stored. */
  readonly secretIsSet: (name: string) => boolean;
}

export const ConfigFormContext = createContext<ConfigFormContextValue | null>(null);

/**
 * One field of the surrounding `ConfigForm`: its value, setter, error (the client's check or the server's),
 * whether it is disabled and (secrets) whether one is stored. `empty` is the value the field starts with when
 * the group has none for it ('' for text, false for a switch; leave it out for numbers, which stay blank).
 * The building block of the Config…Field components, and of a section's own field when none of them fits.
 */
export function useConfigField(name: string, empty?: unknown) {
  const form = useContext(ConfigFormContext);
  if (!form) throw new Error(`The config field "${name}" is outside a ConfigForm`);
  const missing = form.valueOf(name) === undefined && empty !== undefined;
  const { initialize } = form;
  useEffect(() => {
    if (missing) initialize(name, empty);
  }, [missing, initialize, name, empty]);
  return {
    name,
    value: form.valueOf(name),
    setValue: (value: unknown) => form.setValue(name, value),
    errorMessage: form.errorOf(name),
    isDisabled: form.isDisabled,
    secretIsSet: form.secretIsSet(name),
  };
}
