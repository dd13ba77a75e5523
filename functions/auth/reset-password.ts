import { authContracts } from '../../shared/contracts/auth';
import { defineRoute } from '../platform/http/route';
import { changePassword } from './change-password';

export const resetPasswordRoute = defineRoute(authContracts.resetPassword, async ({ body, principal, scope }) => {
  const token = await changePassword(principal, body, scope.log);
  scope.log.info('password changed');
  return { data: { token }, message: 'Password changed successfully.' };
});
