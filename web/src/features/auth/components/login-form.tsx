import { Alert, Button, Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useLogin } from '../api/use-login';
import { toLoginRequest, validateLoginRequest, type LoginFieldErrors, type LoginFormValues } from '../login-request';

const EMPTY_FORM: LoginFormValues = { identifier: '', password: '' };

export function LoginForm() {
  const login = useLogin();
  const [values, setValues] = useState<LoginFormValues>(EMPTY_FORM);
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const isSubmitting = login.isPending;

  const update = (field: keyof LoginFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = toLoginRequest(values);
    const errors = validateLoginRequest(request);
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) login.mutate(request);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Log in">
      <Flex direction="column" gap="medium">
        {login.error ? (
          <Alert variation="error" role="alert">
            {login.error.message}
          </Alert>
        ) : null}
        <TextField
          label="Email or mobile number"
          name="identifier"
          autoComplete="username"
          value={values.identifier}
          onChange={update('identifier')}
          hasError={Boolean(fieldErrors.identifier)}
          errorMessage={fieldErrors.identifier}
          isDisabled={isSubmitting}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={update('password')}
          hasError={Boolean(fieldErrors.password)}
          errorMessage={fieldErrors.password}
          isDisabled={isSubmitting}
        />
        <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Logging in…" isDisabled={isSubmitting}>
          Log In
        </Button>
      </Flex>
    </form>
  );
}
