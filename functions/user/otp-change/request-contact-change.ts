import type { UserItem } from '../../data/user-item';
import { findUserIdByEmail, findUserIdByMobile, getUser } from '../../data/users-repository';
import { now as clockNow } from '../../platform/clock';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors';
import type { Principal } from '../../platform/http/principal';
import type { Logger } from '../../platform/logger';
import { sendFranchiseMail } from '../../mail/franchise-mailer';
import { issueOtp, otpRequestKey, type OtpSubject } from '../../otp/one-time-codes';
import { otpMail } from '../../otp/otp-mail';
import { reserveOrRefuse } from '../../limits/limiter';
import { OTP_REQUESTS_PER_ACCOUNT } from '../../limits/rules';
import type { ContactKind } from './contact-kinds';

type Owner = Pick<Principal, 'frchId' | 'userId'>;

const TOO_MANY_CODES_MESSAGE = 'Too many codes requested. Please try again later.';

export async function currentUser(owner: Owner): Promise<UserItem> {
  const user = await getUser(owner.frchId, owner.userId);
  if (!user) throw new NotFoundError('User not found');
  return user;
}

/** The code of a change is bound to the user, the purpose and the new value. */
export function changeSubject(kind: ContactKind, owner: Owner, newValue: string): OtpSubject {
  return { frchId: owner.frchId, purpose: kind.purpose, owner: { kind: 'account', userId: owner.userId }, target: newValue };
}

/** Refuses a value that is the user's own already (400) or another account's (409). */
export async function assertValueFree(kind: ContactKind, user: UserItem, newValue: string): Promise<void> {
  if (user[kind.field] === newValue) throw new BadRequestError(kind.unchangedMessage);
  const find = kind.field === 'email' ? findUserIdByEmail : findUserIdByMobile;
  const holder = await find(user.frch_id, newValue);
  if (holder !== null && holder !== user.user_id) throw new ConflictError(kind.inUseMessage);
}

/** Step 'request': checks the new value is free, then mails a code (at most 5 per 15 minutes, else 429). */
export async function requestContactChange(
  kind: ContactKind,
  owner: Owner,
  newValue: string,
  log: Logger,
  now = clockNow(),
): Promise<void> {
  const user = await currentUser(owner);
  await assertValueFree(kind, user, newValue);
  const subject = changeSubject(kind, owner, newValue);
  await reserveOrRefuse(OTP_REQUESTS_PER_ACCOUNT, otpRequestKey(subject), now, TOO_MANY_CODES_MESSAGE);
  const code = await issueOtp(subject, now);
  await sendFranchiseMail(user.frch_id, otpMail(kind.purpose, kind.codeRecipient(user, newValue), code), log);
}
