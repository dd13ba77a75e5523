import { useMutation } from '@tanstack/react-query';
import { authContracts } from '@shared/contracts/auth';
import { callApi } from '@/lib/api-client';
import { useCaptcha } from '@/lib/captcha/use-captcha';
import type { CodeRequest, ResetRequest } from '../forgot-password-request';

/** Step 'request': mails a code (with a captcha token when one is configured). */
export function useRequestResetCode() {
  const withCaptcha = useCaptcha();
  return useMutation({
    mutationFn: async (request: CodeRequest) =>
      callApi(authContracts.forgotPassword, { ...request, ...(await withCaptcha('forgot_password')) }),
  });
}

/** Step 'reset': the code and the new password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (request: ResetRequest) => callApi(authContracts.forgotPassword, request),
  });
}
