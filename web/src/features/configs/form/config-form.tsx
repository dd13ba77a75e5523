import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { ConfigGroupView, UpdateConfigs } from '@shared/contracts/panel-configs';
import { errorText } from '@/lib/error-text';
import { hasFieldErrors, type FieldErrors } from '@/lib/field-errors';
import { useSaveConfig } from '../api/use-panel-configs';
import { draftErrors, draftOf, fieldErrorsOfSave, sameDraft, type ConfigDraft } from './config-draft';
import { ConfigFormContext, type ConfigFormContextValue } from './config-form-context';

interface ConfigFormProps {
  /** The group as `getbrokerpanelconfigs` answered it: the form starts from its `config` (or defaults) and `secrets_set`. */
  view: ConfigGroupView;
  /** The group's fields: `ConfigToggleField`, `ConfigNumberField` / `ConfigRupeeField`, `ConfigTextField`, `ConfigSecretField` (each by `name`). */
  children: ReactNode;
}

/**
 * The form of one config group, shared by every section of /configs. It holds the group's values, checks
 * them with the group's own schema from the contract before sending (nothing is sent while a field is
 * wrong), saves `{config_type, config}`, shows the server's field errors on their fields and its message
 * above the Save button, and starts again from the stored values after a save. When the caller may not
 * edit the group (`view.editable` false) every field is disabled and there is no Save button.
 */
export function ConfigForm({ view, children }: ConfigFormProps) {
  const save = useSaveConfig();
  const [baseline, setBaseline] = useState<ConfigDraft>(() => draftOf(view));
  const [draft, setDraft] = useState<ConfigDraft>(baseline);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** Bumped after a save so the fields (their typed text, a secret's Replace state) start again. */
  const [generation, setGeneration] = useState(0);
  const changed = !sameDraft(draft, baseline);
  const isDisabled = !view.editable || save.isPending;

  const initialize = useCallback((name: string, empty: unknown) => {
    const fill = (current: ConfigDraft) => (current[name] === undefined ? { ...current, [name]: empty } : current);
    setBaseline(fill);
    setDraft(fill);
  }, []);

  const form = useMemo<ConfigFormContextValue>(
    () => ({
      initialize,
      valueOf: (name) => draft[name],
      setValue: (name, value) => {
        setDraft((current) => ({ ...current, [name]: value }));
        setErrors(({ [name]: _cleared, ...rest }) => rest);
        if (save.error) save.reset();
      },
      errorOf: (name) => errors[name],
      isDisabled,
      secretIsSet: (name) => view.secrets_set[name] === true,
    }),
    [draft, errors, isDisabled, view.secrets_set, save, initialize],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!view.editable || !changed) return;
    const found = draftErrors(view.config_type, draft);
    setErrors(found);
    if (hasFieldErrors(found)) return;
    save.mutate({ config_type: view.config_type, config: draft } as UpdateConfigs, {
      onSuccess: (saved) => {
        const fresh = draftOf(saved);
        setBaseline(fresh);
        setDraft(fresh);
        setGeneration((count) => count + 1);
      },
      onError: (error) => setErrors(fieldErrorsOfSave(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`${view.title} settings`}>
      <Flex direction="column" gap="medium">
        <ConfigFormContext.Provider value={form}>
          <Flex key={generation} direction="column" gap="medium">
            {children}
          </Flex>
        </ConfigFormContext.Provider>
        {hasFieldErrors(errors) && !save.error ? (
          <Alert variation="warning" role="alert">
            Some values need a change before they can be saved.
          </Alert>
        ) : null}
        {save.error ? (
          <Alert variation="error" role="alert">
            {errorText(save.error)}
          </Alert>
        ) : null}
        {view.editable ? (
          <Flex>
            <Button type="submit" variation="primary" isLoading={save.isPending} loadingText="Saving…" isDisabled={!changed || save.isPending}>
              Save
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </form>
  );
}
