import type { z } from 'zod';
import type { userRegisterRequestSchema } from '../../shared/contracts/auth';
import type { UserProfile } from '../../shared/contracts/user-profile';
import { toUserProfile } from '../data/user-item';
import { ACCOUNT_EXISTS_MESSAGE, createUserWithReferral, NEW_USER_DEFAULTS } from '../data/users-repository';
import { hashPassword } from '../platform/auth/passwords';
import { verifyCaptcha } from '../platform/captcha/verify-captcha';
import { now as clockNow } from '../platform/clock';
import { BadRequestError, ConflictError } from '../platform/errors';
import { notifyUser } from '../notifications/notify-user';
import { reserveOrRefuse } from '../limits/limiter';
import { REGISTRATIONS_PER_ADDRESS, REGISTRATIONS_PER_FRANCHISE, TOO_MANY_REQUESTS_MESSAGE } from '../limits/rules';
import type { Caller } from './caller';
import { assertNotCommonPassword } from './password-policy';
import { INVALID_REFERRAL_MESSAGE, referrerOrRefuse } from './referrer';

export type RegisterInput = z.infer<typeof userRegisterRequestSchema>;

/**
 * Creates an account in the caller's franchise. Email and mobile are unique (one answer for
 * either clash, so it does not tell which); a referral code, if given, must name an active user.
 * Registrations are budgeted per client address and per franchise (429 with Retry-After beyond).
 */
export async function registerUser(caller: Caller, input: RegisterInput, now = clockNow()): Promise<UserProfile> {
  const { frchId } = caller;
  await verifyCaptcha(input.captcha_token, caller.sourceIp, caller.log);
  assertNotCommonPassword(input.password, 'password');
  await reserveOrRefuse(REGISTRATIONS_PER_ADDRESS, `${frchId}:${caller.sourceIp}`, now, TOO_MANY_REQUESTS_MESSAGE);
  await reserveOrRefuse(REGISTRATIONS_PER_FRANCHISE, String(frchId), now, TOO_MANY_REQUESTS_MESSAGE);
  const referrer = input.referral_code ? await referrerOrRefuse(frchId, input.referral_code) : null;
  const outcome = await createUserWithReferral(
    {
      ...NEW_USER_DEFAULTS,
      frch_id: frchId,
      email: input.email,
      first_name: input.first_name,
      last_name: input.last_name,
      mobile_no: input.mobile_no,
      password_hash: await hashPassword(input.password),
    },
    { referredBy: referrer?.user_id ?? null },
    now,
  );
  if (outcome.kind === 'taken') throw new ConflictError(ACCOUNT_EXISTS_MESSAGE);
  if (outcome.kind === 'referrer-missing') throw new BadRequestError(INVALID_REFERRAL_MESSAGE);
  const { user } = outcome;
  await notifyUser(frchId, user.user_id, { notifyType: 'Welcome', message: `Welcome to TradeBridge, ${user.first_name}!` }, caller.log);
  return toUserProfile(user);
}
