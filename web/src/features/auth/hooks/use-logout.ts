import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { authContracts } from '../../../../../shared/contracts/auth';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api-client';
import { clearSession } from '../../../lib/auth-storage';

/**
 * Spec §4: logout clears the token and the user key and goes to /login. First the server revokes the
 * token (issue 14), so a copy of it stops working too; `allDevices` ends every session of the user.
 * A failed call (offline, token already expired) still ends the session in this browser.
 */
export function useLogout(): (options?: { allDevices?: boolean }) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async ({ allDevices = false } = {}) => {
      try {
        await callApi(authContracts.logOut, { all_devices: allDevices });
      } catch {
        // The token is cleared below whatever the server answered.
      }
      clearSession();
      navigate(paths.login, { replace: true });
      queryClient.clear();
    },
    [navigate, queryClient],
  );
}
