import { Alert, Button, Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-error';
import { fieldErrorsFromDetails, hasFieldErrors, type FieldErrors } from '@/lib/field-errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFormValues } from '@/lib/use-form-values';
import { useReferralName } from '../api/use-referral-name';
import { useRegister } from '../api/use-register';
import { referralCheckOf } from '../referral-check';
import { EMPTY_REGISTER_FORM, toRegisterRequest, validateRegisterForm } from '../register-request';
import { AuthLink } from './auth-link';
import { ReferralCodeField } from './referral-code-field';

const REFERRAL_CHECK_DELAY_MS = 300;

/** Self-service registration (spec §2, REGISTER): on success the new user is logged in. */
export function RegisterForm() {
  const register = useRegister();
  // A referral link (`/register?referral_code=…`, as `referraldata` builds it) fills the code in.
  const [searchParams] = useSearchParams();
  const [initialValues] = useState(() => ({ ...EMPTY_REGISTER_FORM, referral_code: searchParams.get('referral_code')?.trim() ?? '' }));
  const { values, bind } = useFormValues(initialValues);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const isSubmitting = register.isPending;

  const typedCode = values.referral_code.trim();
  const settledCode = useDebouncedValue(typedCode, REFERRAL_CHECK_DELAY_MS);
  const referral = useReferralName(settledCode);
  const referralCheck = referralCheckOf(referral, settledCode === typedCode, typedCode !== '');

  const serverFieldErrors = register.error instanceof ApiError ? fieldErrorsFromDetails(register.error.details) : {};
  const errorFor = (field: string) => fieldErrors[field] ?? serverFieldErrors[field];
  const field = (name: keyof typeof EMPTY_REGISTER_FORM) => ({
    ...bind(name),
    hasError: Boolean(errorFor(name)),
    errorMessage: errorFor(name),
    isDisabled: isSubmitting,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = { ...validateRegisterForm(values) };
    if (referralCheck.kind === 'invalid') errors.referral_code ??= referralCheck.message;
    setFieldErrors(errors);
    if (!hasFieldErrors(errors)) register.mutate(toRegisterRequest(values));
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Register">
      <Flex direction="column" gap="medium">
        {register.error ? (
          <Alert variation="error" role="alert">
            {register.error.message}
          </Alert>
        ) : null}
        <Flex gap="medium" wrap="wrap" className="auth-screen__row">
          <TextField label="First name" autoComplete="given-name" flex="1 1 10rem" {...field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" flex="1 1 10rem" {...field('last_name')} />
        </Flex>
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Mobile number" type="tel" inputMode="numeric" autoComplete="tel-national" {...field('mobile_no')} />
        <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
        <PasswordField label="Confirm password" autoComplete="new-password" {...field('confirm_password')} />
        <ReferralCodeField
          {...bind('referral_code')}
          check={referralCheck}
          errorMessage={errorFor('referral_code')}
          isDisabled={isSubmitting}
        />
        <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Creating account…" isDisabled={isSubmitting}>
          Create account
        </Button>
        <Flex className="auth-links" justifyContent="center">
          <AuthLink to={paths.login}>Already have an account? Log in</AuthLink>
        </Flex>
      </Flex>
    </form>
  );
}
