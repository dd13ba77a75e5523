import { authContracts } from '../../shared/contracts/auth';
import { definePublicRoute, type RouteOutcome } from '../platform/http/route';
import { callerOf } from './caller';
import { requestPasswordReset } from './request-password-reset';
import { resetPasswordWithOtp } from './reset-password-with-otp';

/** Said whether or not the account exists. */
export const RESET_CODE_SENT_MESSAGE = 'If an account matches these details, a code has been sent to its email address.';

type ForgotPasswordOutcome = RouteOutcome<typeof authContracts.forgotPassword>;

export const forgotPasswordRoute = definePublicRoute(
  authContracts.forgotPassword,
  async ({ body, scope }): Promise<ForgotPasswordOutcome> => {
    const caller = callerOf(scope);
    if (body.step === 'request') {
      await requestPasswordReset(caller, body);
      return { data: { state: 'otp' }, message: RESET_CODE_SENT_MESSAGE };
    }
    const actor = await resetPasswordWithOtp(caller, body);
    scope.log.info('password reset with a code', { userId: actor.userId });
    return { data: { state: 'password-reset' }, message: 'Your password has been reset. Please log in.', actor };
  },
);
