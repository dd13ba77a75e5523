import { useState } from 'react';
import { accountIdentifier } from '../forgot-password-request';
import { RequestCodeStep } from './request-code-step';
import { ResetPasswordStep } from './reset-password-step';

/**
 * Forgot password in two steps: ask for a code, then reset with it. The build flag decides whether
 * the account is named by its email or by its registered mobile number.
 */
export function ForgotPasswordForm() {
  const identifier = accountIdentifier();
  const [value, setValue] = useState('');
  const [step, setStep] = useState<'request' | 'reset'>('request');
  if (step === 'reset') {
    return <ResetPasswordStep identifier={identifier} value={value} onChangeIdentifier={() => setStep('request')} />;
  }
  return <RequestCodeStep identifier={identifier} value={value} onChange={setValue} onCodeSent={() => setStep('reset')} />;
}
