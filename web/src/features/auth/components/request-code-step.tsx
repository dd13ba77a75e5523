import { Alert, Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { paths } from '@/config/paths';
import type { FieldErrors } from '@/lib/field-errors';
import { useRequestResetCode } from '../api/use-forgot-password';
import { codeRequest, validateCodeRequest, type AccountIdentifier } from '../forgot-password-request';
import { AuthLink } from './auth-link';

interface RequestCodeStepProps {
  identifier: AccountIdentifier;
  value: string;
  onChange: (value: string) => void;
  onCodeSent: () => void;
}

/** Step 1 of forgot password: the email (or registered mobile) the code is for. */
export function RequestCodeStep({ identifier, value, onChange, onCodeSent }: RequestCodeStepProps) {
  const requestCode = useRequestResetCode();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const isSubmitting = requestCode.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validateCodeRequest(identifier, value);
    setFieldErrors(errors);
    if (!errors.identifier) requestCode.mutate(codeRequest(identifier, value), { onSuccess: onCodeSent });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Request a reset code">
      <Flex direction="column" gap="medium">
        {requestCode.error ? (
          <Alert variation="error" role="alert">
            {requestCode.error.message}
          </Alert>
        ) : null}
        <TextField
          label={identifier.label}
          name={identifier.field}
          type={identifier.type}
          autoComplete={identifier.autoComplete}
          value={value}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
          hasError={Boolean(fieldErrors.identifier)}
          errorMessage={fieldErrors.identifier}
          descriptiveText="We will send a 6-digit code to the account's email."
          isDisabled={isSubmitting}
        />
        <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Sending code…" isDisabled={isSubmitting}>
          Send code
        </Button>
        <Flex className="auth-links" justifyContent="center">
          <AuthLink to={paths.login}>Back to log in</AuthLink>
        </Flex>
      </Flex>
    </form>
  );
}
