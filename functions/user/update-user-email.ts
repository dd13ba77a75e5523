import { userContracts } from '../../shared/contracts/user';
import { defineRoute, type RouteOutcome } from '../platform/http/route';
import { EMAIL_CHANGE } from './otp-change/contact-kinds';
import { confirmContactChange } from './otp-change/confirm-contact-change';
import { requestContactChange } from './otp-change/request-contact-change';

type UpdateEmailOutcome = RouteOutcome<typeof userContracts.updateUserEmail>;

export const updateUserEmailRoute = defineRoute(
  userContracts.updateUserEmail,
  async ({ body, principal, scope }): Promise<UpdateEmailOutcome> => {
    if (body.step === 'request') {
      await requestContactChange(EMAIL_CHANGE, principal, body.email, scope.log);
      return { data: { state: 'otp', user: null }, skipActivity: true, message: 'We sent a code to your new email address.' };
    }
    const user = await confirmContactChange(EMAIL_CHANGE, principal, { newValue: body.email, otp: body.otp }, scope.log);
    return { data: { state: 'updated', user }, message: 'Email changed successfully.' };
  },
);
