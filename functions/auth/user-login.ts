import { authContracts } from '../../shared/contracts/auth';
import { definePublicRoute } from '../platform/http/route';
import { callerOf } from './caller';
import { logIn } from './log-in';

export const userLoginRoute = definePublicRoute(authContracts.userLogin, async ({ body, scope }) => {
  const answer = await logIn(callerOf(scope), body);
  scope.log.info('user logged in', { userId: answer.user.user_id });
  return {
    data: answer,
    message: 'Login successful',
    actor: { frchId: answer.user.frch_id, userId: answer.user.user_id },
  };
});
