import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { authContracts } from '@shared/contracts/auth';
import { paths } from '@/config/paths';
import { callApi } from '@/lib/api-client';
import { useCaptcha } from '@/lib/captcha/use-captcha';
import { authNoticeState } from '../auth-notice';
import type { RegisterRequest } from '../register-request';
import { useStartSession, type LoginAnswer } from './use-start-session';

export const ACCOUNT_CREATED_NOTICE = 'Your account has been created. Log in to continue.';

/**
 * Creates the account, then logs in with the same credentials and opens the dashboard. Should that
 * login fail, the account still exists: the login screen opens with a note saying so.
 */
export function useRegister() {
  const withCaptcha = useCaptcha();
  const startSession = useStartSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (request: RegisterRequest): Promise<LoginAnswer | null> => {
      await callApi(authContracts.userRegister, { ...request, ...(await withCaptcha('register')) });
      try {
        return await callApi(authContracts.userLogin, {
          email: request.email,
          password: request.password,
          ...(await withCaptcha('login')),
        });
      } catch {
        return null;
      }
    },
    onSuccess: (session) => {
      if (session) startSession(session);
      else navigate(paths.login, { replace: true, state: authNoticeState(ACCOUNT_CREATED_NOTICE) });
    },
  });
}
