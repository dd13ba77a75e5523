import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import type { authContracts } from '@shared/contracts/auth';
import { paths } from '@/config/paths';
import { saveSession } from '@/lib/auth-storage';

export type LoginAnswer = z.output<typeof authContracts.userLogin.response>;

/** After a login: the session is stored, any earlier user's cached data dropped, and the dashboard opened. */
export function useStartSession(): (answer: LoginAnswer) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    ({ token, user }: LoginAnswer) => {
      saveSession(token, user);
      queryClient.clear();
      navigate(paths.dashboard, { replace: true });
    },
    [navigate, queryClient],
  );
}
