import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { authContracts } from '@shared/contracts/auth';
import { paths } from '@/config/paths';
import { callApiAs } from '@/lib/api-client';
import { clearSession, readValidToken } from '@/lib/auth-storage';

/**
 * Spec §4: logout clears the token and the user key and goes to /login. Then the server revokes the
 * token it held (issue 14), so a copy of it stops working too; `allDevices` ends every session of the
 * user. The session ends in this browser first, whatever the server answers (offline, token expired).
 */
export function useLogout(): (options?: { allDevices?: boolean }) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ allDevices = false } = {}) => {
      const token = readValidToken();
      clearSession();
      navigate(paths.login, { replace: true });
      queryClient.clear();
      if (!token) return;
      try {
        await callApiAs(token, authContracts.logOut, { all_devices: allDevices });
      } catch {
        // Nothing more to do here: this browser's session has already ended.
      }
    },
    [navigate, queryClient],
  );
}
