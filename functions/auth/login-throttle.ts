import { forget, reserveOrRefuse } from '../platform/rate-limit/limiter';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_IP } from '../platform/rate-limit/rules';
import { now as clockNow } from '../platform/clock';

export const TOO_MANY_LOGINS_MESSAGE = 'Too many failed login attempts. Please try again later.';

export interface LoginAttempt {
  /** The credentials were right: the attempt is not a failure, and the account starts afresh. */
  succeeded(): Promise<void>;
}

const accountKey = (frchId: number, loginName: string) => `${frchId}:${loginName}`;

/**
 * Counts the attempt as a failure up front, per login name and per client IP (so concurrent tries
 * cannot overshoot), or refuses with 429 once either has LOGIN_FAILURE_LIMIT failures in the
 * window. A success takes its own unit back; it never wipes the IP's earlier failures.
 */
export async function beginLoginAttempt(frchId: number, loginName: string, sourceIp: string, now = clockNow()): Promise<LoginAttempt> {
  const account = await reserveOrRefuse(LOGIN_FAILURES_PER_ACCOUNT, accountKey(frchId, loginName), now, TOO_MANY_LOGINS_MESSAGE);
  try {
    const ip = await reserveOrRefuse(LOGIN_FAILURES_PER_IP, sourceIp, now, TOO_MANY_LOGINS_MESSAGE);
    return {
      succeeded: async () => {
        await Promise.all([account.clear(), ip.giveBack()]);
      },
    };
  } catch (error) {
    await account.giveBack();
    throw error;
  }
}

/** After a password reset the owner may log in at once: the account's failures are forgotten. */
export async function forgetLoginFailures(frchId: number, loginNames: readonly string[], now = clockNow()): Promise<void> {
  await Promise.all(loginNames.map((name) => forget(LOGIN_FAILURES_PER_ACCOUNT, accountKey(frchId, name), now)));
}
