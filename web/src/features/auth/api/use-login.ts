import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { authContracts } from '../../../../../shared/contracts/auth';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth-storage';
import type { LoginRequest } from '../login-request';

/** Logs in; on success the session is stored, any earlier user's cached data dropped, and the dashboard opened. */
export function useLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (request: LoginRequest) => callApi(authContracts.userLogin, request),
    onSuccess: ({ token, user }) => {
      saveSession(token, user);
      queryClient.clear();
      navigate(paths.dashboard, { replace: true });
    },
  });
}
