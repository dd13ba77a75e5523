import { passwordSetupContracts } from '../../shared/contracts/password-setup';
import { definePublicRoute } from '../platform/http/route';
import { setPasswordFromLink } from './set-password-from-link';

export const setPasswordRoute = definePublicRoute(passwordSetupContracts.setPassword, async ({ body, scope }) => {
  const { email, userId } = await setPasswordFromLink(scope.franchiseId, body);
  return { data: { email }, message: 'Your password is set. You can sign in now.', actor: { frchId: scope.franchiseId, userId } };
});
