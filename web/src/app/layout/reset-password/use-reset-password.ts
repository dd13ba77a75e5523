import { useMutation } from '@tanstack/react-query';
import { authContracts } from '@shared/contracts/auth';
import { useToast } from '@/components/toast/use-toast';
import { callApi } from '@/lib/api-client';
import { saveSession } from '@/lib/auth-storage';
import { decodeTokenClaims } from '@/lib/token-claims';
import { RESET_PASSWORD_SUCCESS_MESSAGE, resetPasswordFailureMessage } from './reset-password-outcome';
import type { ResetPasswordValues } from './reset-password-rules';

/** The change revokes every earlier token, so the one it answers replaces the stored token at once. */
function storeRenewedToken(token: string): void {
  const owner = decodeTokenClaims(token);
  if (!owner) throw new Error('The password change answered a token that cannot be read');
  saveSession(token, owner);
}

/** POST /users/resetpassword; the outcome is a toast (spec §8), and `onChanged` runs on success. */
export function useResetPassword(onChanged: () => void) {
  const toast = useToast();
  return useMutation({
    mutationFn: async ({ oldPassword, newPassword }: ResetPasswordValues) => {
      const { token } = await callApi(authContracts.resetPassword, { old_password: oldPassword, new_password: newPassword });
      storeRenewedToken(token);
    },
    onSuccess: () => {
      toast.success(RESET_PASSWORD_SUCCESS_MESSAGE);
      onChanged();
    },
    onError: (error) => toast.error(resetPasswordFailureMessage(error)),
  });
}
