import type { z } from 'zod';
import type { otpFlowStateSchema } from '@shared/domain/states';
import { OTP_FLOW_STATES } from '@shared/domain/states';
import type { ErrorCode } from '@shared/contracts/envelope';
import { ApiError, type ClientErrorCode } from './api-error';

export type OtpFlowState = z.infer<typeof otpFlowStateSchema>;

/** Where a failed OTP step lands (spec §4), by the error's code when the answer names no state itself. */
const STATE_BY_CODE: Partial<Record<ErrorCode | ClientErrorCode, OtpFlowState>> = {
  CONFLICT: 'mobile-used',
};

const EXPIRED = /expired/i;

function namedState(error: ApiError): OtpFlowState | undefined {
  const named = error.details.map(({ message }) => message);
  return OTP_FLOW_STATES.find((state) => named.includes(state));
}

/**
 * The OTP-flow state of a failed request or confirm step. The server's message is what the user
 * reads in every state; the state decides what the screen offers next (a new code for an expired
 * one, another try for a wrong one, another number or address when it is already used).
 * Precedence: a state named in the error's details, then the code, then the wording of the message.
 */
export function otpStateOfFailure(error: unknown): OtpFlowState | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'NETWORK_ERROR' || error.code === 'INVALID_RESPONSE') return null;
  const byCode = STATE_BY_CODE[error.code];
  return namedState(error) ?? byCode ?? (EXPIRED.test(error.message) ? 'otp-expired' : 'otp-invalid');
}
