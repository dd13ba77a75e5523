import { Alert, Button, Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { OTP_LENGTH } from '@shared/domain/otp';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { fieldErrorsFromDetails, hasFieldErrors, type FieldErrors } from '@/lib/field-errors';
import { otpStateOfFailure } from '@/lib/otp-flow-state';
import { useFormValues } from '@/lib/use-form-values';
import { useRequestResetCode, useResetPassword } from '../api/use-forgot-password';
import { authNoticeState, PASSWORD_RESET_NOTICE } from '../auth-notice';
import {
  codeRequest,
  EMPTY_RESET_FORM,
  NEW_OTP_SENT_NOTICE,
  OTP_SENT_NOTICE,
  resetRequest,
  validateReset,
  type AccountIdentifier,
} from '../forgot-password-request';

interface ResetPasswordStepProps {
  identifier: AccountIdentifier;
  value: string;
  onChangeIdentifier: () => void;
}

/**
 * Step 2 of forgot password: the mailed code and the new password. The server's answer decides the
 * OTP state (spec §4): a wrong code can be tried again, an expired one needs a new code.
 */
export function ResetPasswordStep({ identifier, value, onChangeIdentifier }: ResetPasswordStepProps) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const resendCode = useRequestResetCode();
  const { values, bind } = useFormValues(EMPTY_RESET_FORM);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const isBusy = resetPassword.isPending || resendCode.isPending;

  const otpState = resetPassword.isError ? otpStateOfFailure(resetPassword.error) : 'otp';
  const serverFieldErrors =
    resetPassword.error instanceof ApiError ? fieldErrorsFromDetails(resetPassword.error.details) : {};
  const errorFor = (field: keyof typeof EMPTY_RESET_FORM) => fieldErrors[field] ?? serverFieldErrors[field];
  const field = (name: keyof typeof EMPTY_RESET_FORM) => ({
    ...bind(name),
    hasError: Boolean(errorFor(name)),
    errorMessage: errorFor(name),
    isDisabled: isBusy,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validateReset(identifier, value, values);
    setFieldErrors(errors);
    if (hasFieldErrors(errors)) return;
    resetPassword.mutate(resetRequest(identifier, value, values), {
      onSuccess: () => navigate(paths.login, { replace: true, state: authNoticeState(PASSWORD_RESET_NOTICE) }),
    });
  };

  const sendNewCode = () => {
    resetPassword.reset();
    resendCode.mutate(codeRequest(identifier, value));
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password" data-otp-state={otpState ?? undefined}>
      <Flex direction="column" gap="medium">
        {resetPassword.error ? (
          <Alert variation="error" role="alert">
            {resetPassword.error.message}
          </Alert>
        ) : (
          <Alert variation="info" role="status">
            {resendCode.isSuccess ? NEW_OTP_SENT_NOTICE : OTP_SENT_NOTICE}
          </Alert>
        )}
        {resendCode.error ? (
          <Alert variation="error" role="alert">
            {resendCode.error.message}
          </Alert>
        ) : null}
        <TextField
          label="OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          {...field('otp')}
        />
        <PasswordField label="New password" autoComplete="new-password" {...field('new_password')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...field('confirm_password')} />
        <Button type="submit" variation="primary" isLoading={resetPassword.isPending} loadingText="Resetting…" isDisabled={isBusy}>
          Reset password
        </Button>
        <Flex className="auth-links" justifyContent="space-between" wrap="wrap" gap="small">
          <Button
            size="small"
            variation={otpState === 'otp-expired' ? 'primary' : 'link'}
            onClick={sendNewCode}
            isLoading={resendCode.isPending}
            loadingText="Sending…"
            isDisabled={isBusy}
          >
            Send a new code
          </Button>
          <Button size="small" variation="link" onClick={onChangeIdentifier} isDisabled={isBusy}>
            Use a different {identifier.label.toLowerCase()}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
