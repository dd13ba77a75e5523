import { ApiError } from '@/lib/api-error';
import { errorText } from '@/lib/error-text';

export const INVALID_REFERRAL_CODE = 'Invalid referral code';

export type ReferralCheck =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'valid'; referrerName: string }
  | { kind: 'invalid'; message: string };

interface ReferralQueryState {
  fetchStatus: 'fetching' | 'paused' | 'idle';
  data?: { referral_name: string } | undefined;
  error: Error | null;
}

/** A server that answered no (4xx) means the code is wrong; a failed request is reported as it is. */
function invalidMessage(error: Error): string {
  return error instanceof ApiError && error.httpStatus !== null && error.httpStatus < 500
    ? INVALID_REFERRAL_CODE
    : errorText(error);
}

/** What the referral field says about the code being typed. */
export function referralCheckOf(query: ReferralQueryState, isSettled: boolean, hasCode: boolean): ReferralCheck {
  if (!hasCode) return { kind: 'idle' };
  if (!isSettled || query.fetchStatus === 'fetching') return { kind: 'checking' };
  if (query.error) return { kind: 'invalid', message: invalidMessage(query.error) };
  if (query.data) return { kind: 'valid', referrerName: query.data.referral_name };
  return { kind: 'idle' };
}
