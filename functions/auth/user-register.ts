import { authContracts } from '../../shared/contracts/auth';
import { definePublicRoute } from '../platform/http/route';
import { callerOf } from './caller';
import { registerUser } from './register-user';

export const userRegisterRoute = definePublicRoute(authContracts.userRegister, async ({ body, scope }) => {
  const user = await registerUser(callerOf(scope), body);
  scope.log.info('user registered', { userId: user.user_id });
  return {
    data: { user },
    message: 'Registration successful',
    actor: { frchId: user.frch_id, userId: user.user_id },
  };
});
