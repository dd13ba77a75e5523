import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, type OtpPurpose } from '../../shared/domain/otp';
import { consumeOtp, deleteOtp, getOtp, putOtp, recordWrongOtpTry, type OtpOwner } from '../data/otp-repository';
import { now as clockNow } from '../platform/clock';
import { DomainError } from '../platform/errors';
import { generateOtpCode, otpMac, sameMac } from './otp-code';

export const OTP_INCORRECT_MESSAGE = 'The OTP is incorrect.';
export const OTP_EXPIRED_MESSAGE = 'The OTP has expired. Request a new one.';

/**
 * A refused code (422), naming the spec's OTP state (§4: otp-invalid, otp-expired) in the error
 * details so the SPA does not have to read the message.
 */
export class OtpRejectedError extends DomainError {
  constructor(state: 'otp-invalid' | 'otp-expired') {
    super(422, 'BUSINESS_RULE', state === 'otp-expired' ? OTP_EXPIRED_MESSAGE : OTP_INCORRECT_MESSAGE, [{ path: 'otp', message: state }]);
  }
}

/** Whose code, what for, and the value it confirms (a new email or mobile; '' for a password reset). */
export interface OtpSubject {
  readonly frchId: number;
  readonly purpose: OtpPurpose;
  readonly owner: OtpOwner;
  readonly target: string;
}

function ownerId(owner: OtpOwner): string {
  return owner.kind === 'account' ? `U${owner.userId}` : `X${owner.identifierDigest}`;
}

/** The code is bound to its subject: a code for one account, purpose or new value fits no other. */
function codeMac(subject: OtpSubject, code: string): Promise<string> {
  return otpMac(String(subject.frchId), subject.purpose, ownerId(subject.owner), subject.target, code);
}

/** A stable digest of a login name that has no account, to keep its (never mailed) code under. */
export function identifierDigest(frchId: number, identifier: string): Promise<string> {
  return otpMac('identifier', String(frchId), identifier);
}

/** Key of the per-owner budget of code requests. */
export function otpRequestKey(subject: OtpSubject): string {
  return `${subject.frchId}:${subject.purpose}:${ownerId(subject.owner)}`;
}

/** Creates a new code (replacing any live one), valid OTP_TTL_MINUTES with OTP_MAX_ATTEMPTS tries. */
export async function issueOtp(subject: OtpSubject, now = clockNow()): Promise<string> {
  const code = generateOtpCode();
  const expiresAt = Math.floor(now.getTime() / 1000) + OTP_TTL_MINUTES * 60;
  await putOtp(subject.frchId, subject.purpose, subject.owner, { codeHash: await codeMac(subject, code), expiresAt }, now);
  return code;
}

/**
 * Accepts the code once, or throws 422: 'incorrect' for a wrong code (one try used) and when no
 * code is live; 'expired' once the code is past its time or its tries are used up (then deleted).
 */
export async function redeemOtp(subject: OtpSubject, code: string, now = clockNow()): Promise<void> {
  const { frchId, purpose, owner } = subject;
  const stored = await getOtp(frchId, purpose, owner);
  if (!stored) throw new OtpRejectedError('otp-invalid');
  if (stored.attempts >= OTP_MAX_ATTEMPTS || Math.floor(now.getTime() / 1000) >= stored.expiresAt) {
    await deleteOtp(frchId, purpose, owner, stored.codeHash);
    throw new OtpRejectedError('otp-expired');
  }
  if (!sameMac(await codeMac(subject, code), stored.codeHash)) {
    await recordWrongOtpTry(frchId, purpose, owner, stored.codeHash, OTP_MAX_ATTEMPTS);
    throw new OtpRejectedError('otp-invalid');
  }
  if (!(await consumeOtp(frchId, purpose, owner, stored.codeHash, OTP_MAX_ATTEMPTS))) {
    throw new OtpRejectedError('otp-invalid');
  }
}
