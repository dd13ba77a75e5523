import { createGroupHandler } from '../http/group-handler';
import { forgotPasswordRoute } from './forgot-password';
import { getReferralNameRoute } from './get-referral-name';
import { logOutRoute } from './log-out-route';
import { resetPasswordRoute } from './reset-password';
import { setPasswordRoute } from './set-password';
import { userLoginRoute } from './user-login';
import { userRegisterRoute } from './user-register';

export const handler = createGroupHandler('auth', [
  userLoginRoute,
  userRegisterRoute,
  getReferralNameRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  logOutRoute,
  setPasswordRoute,
]);
