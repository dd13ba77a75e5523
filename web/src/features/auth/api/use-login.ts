import { useMutation } from '@tanstack/react-query';
import { authContracts } from '@shared/contracts/auth';
import { callApi } from '@/lib/api-client';
import { useCaptcha } from '@/lib/captcha/use-captcha';
import type { LoginRequest } from '../login-request';
import { useStartSession } from './use-start-session';

/** Logs in (with a captcha token when one is configured) and opens the dashboard. */
export function useLogin() {
  const withCaptcha = useCaptcha();
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (request: LoginRequest) =>
      callApi(authContracts.userLogin, { ...request, ...(await withCaptcha('login')) }),
    onSuccess: startSession,
  });
}
