import { userContracts } from '../../shared/contracts/user';
import { defineRoute, type RouteOutcome } from '../platform/http/route';
import { MOBILE_CHANGE } from './otp-change/contact-kinds';
import { confirmContactChange } from './otp-change/confirm-contact-change';
import { requestContactChange } from './otp-change/request-contact-change';

type UpdateMobileOutcome = RouteOutcome<typeof userContracts.updateUserMobileNo>;

export const updateUserMobileNoRoute = defineRoute(
  userContracts.updateUserMobileNo,
  async ({ body, principal, scope }): Promise<UpdateMobileOutcome> => {
    if (body.step === 'request') {
      await requestContactChange(MOBILE_CHANGE, principal, body.mobile_no, scope.log);
      return { data: { state: 'otp', user: null }, skipActivity: true, message: 'We sent a code to your email address.' };
    }
    const user = await confirmContactChange(MOBILE_CHANGE, principal, { newValue: body.mobile_no, otp: body.otp }, scope.log);
    return { data: { state: 'updated', user }, message: 'Mobile number changed successfully.' };
  },
);
