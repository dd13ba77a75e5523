import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/auth-storage';

/** Spec §4: logout clears the token and the user key and goes to /login. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    clearSession();
    navigate(paths.login, { replace: true });
    queryClient.clear();
  }, [navigate, queryClient]);
}
