import { Button, TextField } from '@aws-amplify/ui-react';
import { MASKED_SECRET } from '@shared/contracts/config-groups/config-group';
import { PasswordInput } from '@/components/password-input';
import { useConfigField } from './config-form-context';

interface ConfigSecretFieldProps {
  /** The field's name in the group's schema (one of its `secretFields`). */
  name: string;
  label: string;
}

/**
 * A secret of a config group (a password, an API key). The API never answers a stored secret, only whether
 * one is set: then the field shows the mask and a Replace button that empties it for typing a new one.
 * Left as it is, the form sends the mask back and the stored secret is kept ("Keep the saved one" goes back
 * to that after Replace; a blank field keeps it too).
 */
export function ConfigSecretField({ name, label }: ConfigSecretFieldProps) {
  const field = useConfigField(name);
  const value = typeof field.value === 'string' ? field.value : '';
  if (value === MASKED_SECRET) {
    return (
      <TextField
        label={label}
        name={name}
        value={MASKED_SECRET}
        isReadOnly
        descriptiveText="A value is saved; it is never shown."
        hasError={Boolean(field.errorMessage)}
        errorMessage={field.errorMessage}
        outerEndComponent={
          <Button aria-label={`Replace ${label.toLowerCase()}`} onClick={() => field.setValue('')} isDisabled={field.isDisabled}>
            Replace
          </Button>
        }
      />
    );
  }
  return (
    <>
      <PasswordInput label={label} name={name} value={value} onChange={field.setValue} autoComplete="new-password" errorMessage={field.errorMessage} isDisabled={field.isDisabled} canReveal />
      {field.secretIsSet ? (
        <Button size="small" alignSelf="flex-start" onClick={() => field.setValue(MASKED_SECRET)} isDisabled={field.isDisabled}>
          Keep the saved one
        </Button>
      ) : null}
    </>
  );
}
