import { TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent } from 'react';
import type { CatalogBroker } from '@shared/contracts/broker';
import { PasswordInput } from '@/components/password-input';
import type { FieldErrors } from '@/lib/field-errors';
import type { CredentialValues } from '../connect-requests';

interface CredentialFieldsProps {
  fields: CatalogBroker['credential_fields'];
  values: CredentialValues;
  errors: FieldErrors;
  isDisabled: boolean;
  onChange: (name: string, value: string) => void;
}

/** The credentials a broker asks for, as the catalog lists them; secrets are typed hidden and can be shown. */
export function CredentialFields({ fields, values, errors, isDisabled, onChange }: CredentialFieldsProps) {
  return (
    <>
      {fields.map((field) =>
        field.secret ? (
          <PasswordInput
            key={field.name}
            label={field.label}
            name={field.name}
            value={values[field.name] ?? ''}
            onChange={(value) => onChange(field.name, value)}
            autoComplete="new-password"
            errorMessage={errors[field.name]}
            isDisabled={isDisabled}
            canReveal
          />
        ) : (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            autoComplete="off"
            value={values[field.name] ?? ''}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(field.name, event.target.value)}
            hasError={Boolean(errors[field.name])}
            errorMessage={errors[field.name]}
            isDisabled={isDisabled}
          />
        ),
      )}
    </>
  );
}
