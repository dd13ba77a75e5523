import { Alert, Button, Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useFormValues } from '@/lib/use-form-values';
import { useLogin } from '../api/use-login';
import { readAuthIdentifier, readAuthNotice } from '../auth-notice';
import { asksForLoginCode, toLoginRequest, validateLoginRequest, type LoginFieldErrors, type LoginFormValues } from '../login-request';
import { LoginLinks } from './login-links';

const EMPTY_FORM: LoginFormValues = { identifier: '', password: '', loginCode: '' };

export function LoginForm() {
  const login = useLogin();
  const locationState: unknown = useLocation().state;
  const notice = readAuthNotice(locationState);
  const { values, bind } = useFormValues({ ...EMPTY_FORM, identifier: readAuthIdentifier(locationState) ?? '' });
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const isSubmitting = login.isPending;
  // Once the server asked for the mailed code, the field stays (a wrong code answers another error).
  const [isCodeAsked, setCodeAsked] = useState(false);
  if (!isCodeAsked && asksForLoginCode(login.error)) setCodeAsked(true);
  const codeJustAsked = asksForLoginCode(login.error);

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
        {notice && !login.error ? (
          <Alert variation="success" role="status">
            {notice}
          </Alert>
        ) : null}
        {login.error ? (
          <Alert variation={codeJustAsked ? 'info' : 'error'} role="alert">
            {login.error.message}
          </Alert>
        ) : null}
        <TextField
          label="Email or mobile number"
          autoComplete="username"
          {...bind('identifier')}
          hasError={Boolean(fieldErrors.identifier)}
          errorMessage={fieldErrors.identifier}
          isDisabled={isSubmitting}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...bind('password')}
          hasError={Boolean(fieldErrors.password)}
          errorMessage={fieldErrors.password}
          isDisabled={isSubmitting}
        />
        {isCodeAsked ? (
          <TextField
            label="Login code from your email"
            autoComplete="one-time-code"
            inputMode="numeric"
            {...bind('loginCode')}
            hasError={Boolean(fieldErrors.loginCode)}
            errorMessage={fieldErrors.loginCode}
            isDisabled={isSubmitting}
          />
        ) : null}
        <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Logging in…" isDisabled={isSubmitting}>
          Log In
        </Button>
        <LoginLinks />
      </Flex>
    </form>
  );
}
