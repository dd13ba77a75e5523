import { useMutation } from '@tanstack/react-query';
import { passwordSetupContracts } from '@shared/contracts/password-setup';
import { callApi } from '@/lib/api-client';

/** Sets the first password of a user a parent added, from the welcome mail's link (POST /auth/setpassword). */
export function useSetPassword() {
  return useMutation({
    mutationFn: (request: { token: string; password: string }) => callApi(passwordSetupContracts.setPassword, request),
  });
}
