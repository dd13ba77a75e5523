import { Alert, Button, Flex, PasswordField, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { newPasswordField } from '@shared/contracts/fields';
import { passwordLinkTokenField } from '@shared/contracts/password-setup';
import { MIN_PASSWORD_LENGTH } from '@shared/domain/constants';
import { paths } from '@/config/paths';
import { useFormValues } from '@/lib/use-form-values';
import { useSetPassword } from '../api/use-set-password';
import { authNoticeState } from '../auth-notice';
import { confirmPasswordProblem } from '../password-confirmation';
import { AuthLink } from './auth-link';

const EMPTY_FORM = { password: '', confirm_password: '' };

interface PasswordProblems {
  password?: string | undefined;
  confirm_password?: string | undefined;
}

/** The same rules as registration (the shared `newPasswordField`), and the two entries must match. */
function passwordProblems(password: string, confirmation: string): PasswordProblems {
  const parsed = newPasswordField.safeParse(password);
  return {
    password: parsed.success ? undefined : parsed.error.issues[0]?.message,
    confirm_password: parsed.success ? confirmPasswordProblem(password, confirmation) : undefined,
  };
}

/**
 * A user added by a parent chooses a first password from the welcome mail's link; afterwards it is told
 * which email to sign in with. A broken, used or expired link shows why (the server's words).
 */
export function SetPasswordForm({ token }: { token: string }) {
  const setPassword = useSetPassword();
  const { values, bind } = useFormValues(EMPTY_FORM);
  const [problems, setProblems] = useState<PasswordProblems>({});
  const linkProblem = passwordLinkTokenField.safeParse(token).error?.issues[0]?.message;

  if (setPassword.data) {
    const { email } = setPassword.data;
    return (
      <Flex direction="column" gap="medium">
        <Alert variation="success" role="status">
          Your password is set. Sign in with {email}.
        </Alert>
        <Link className="amplify-link" to={paths.login} state={authNoticeState(`Your password is set. Sign in with ${email}.`, email)}>
          Go to sign in
        </Link>
      </Flex>
    );
  }
  if (linkProblem) {
    return (
      <Flex direction="column" gap="medium">
        <Alert variation="error" role="alert">
          {linkProblem}
        </Alert>
        <AuthLink to={paths.login}>Back to log in</AuthLink>
      </Flex>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = passwordProblems(values.password, values.confirm_password);
    setProblems(found);
    if (!found.password && !found.confirm_password) setPassword.mutate({ token, password: values.password });
  };
  const field = (name: keyof typeof EMPTY_FORM) => ({
    ...bind(name),
    hasError: Boolean(problems[name]),
    errorMessage: problems[name],
    isDisabled: setPassword.isPending,
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Set your password">
      <Flex direction="column" gap="medium">
        <Text variation="secondary">Choose a password of at least {MIN_PASSWORD_LENGTH} characters for your account.</Text>
        {setPassword.error ? (
          <Alert variation="error" role="alert">
            {setPassword.error.message}
          </Alert>
        ) : null}
        <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" {...field('confirm_password')} />
        <Button type="submit" variation="primary" isLoading={setPassword.isPending} loadingText="Saving…" isDisabled={setPassword.isPending}>
          Set password
        </Button>
        <Flex className="auth-links" justifyContent="center">
          <AuthLink to={paths.login}>Back to log in</AuthLink>
        </Flex>
      </Flex>
    </form>
  );
}
