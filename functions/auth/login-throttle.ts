import { LOGIN_THROTTLE } from '../../shared/domain/otp';
import { addFailure, delayUntil, forgetFailures, readFailures, reserveFailure, type FailureSubject } from '../data/login-failures-repository';
import { now as clockNow } from '../platform/clock';
import { RateLimitedError } from '../platform/errors';

export const TOO_MANY_LOGINS_MESSAGE = 'Too many failed login attempts. Please try again later.';
const MEMORY_MS = LOGIN_THROTTLE.memoryMinutes * 60_000;

/**
 * Fair login throttling (LOGIN_THROTTLE): growing delays per (login name, address) and per address, no
 * hard lock of an account; a login name attacked from many addresses is challenged (log-in.ts) rather
 * than locked, so its owner still gets in.
 */
export interface LoginAttempt {
  /** The login name has had LOGIN_THROTTLE.accountChallenge failures lately: a right password needs a second proof. */
  readonly challenged: boolean;
  /** The credentials (and any challenge) passed: the name's failures are forgotten. */
  succeeded(): Promise<void>;
  /** The credentials were wrong: counted for the address and the name; `challengeStarted` on the failure that makes the name challenged. */
  failed(): Promise<{ readonly challengeStarted: boolean }>;
}

/** The wait after `failures` failures of a subject that has `free` free ones: none, then doubling up to the cap. */
export function delayAfterMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(LOGIN_THROTTLE.delayStartSeconds * 2 ** (failures - free), LOGIN_THROTTLE.delayMaxSeconds) * 1000;
}

function subjectsOf(frchId: number, loginName: string, address: string): Record<'pair' | 'address' | 'account', FailureSubject> {
  const name = loginName.toLowerCase();
  return {
    pair: { kind: 'pair', id: `${frchId}:${name}@${address}` },
    address: { kind: 'address', id: `${frchId}:${address}` },
    account: { kind: 'account', id: `${frchId}:${name}` },
  };
}

function refuseUntil(untilMs: number, nowMs: number): never {
  throw new RateLimitedError(TOO_MANY_LOGINS_MESSAGE, Math.max(1, Math.ceil((untilMs - nowMs) / 1000)));
}

/**
 * Refuses (429, Retry-After) while the pair or the address waits out its delay; otherwise counts the
 * attempt on the pair as a failure before its outcome (one at a time per pair: a concurrent one answers
 * 429 for a second), to be forgotten if it succeeds.
 */
export async function beginLoginAttempt(frchId: number, loginName: string, sourceIp: string, now = clockNow()): Promise<LoginAttempt> {
  const nowMs = now.getTime();
  const subjects = subjectsOf(frchId, loginName, sourceIp);
  const [pair, address, account] = await Promise.all([
    readFailures(subjects.pair, nowMs, MEMORY_MS),
    readFailures(subjects.address, nowMs, MEMORY_MS),
    readFailures(subjects.account, nowMs, MEMORY_MS),
  ]);
  const waitUntil = Math.max(pair.nextAllowedMs, address.nextAllowedMs);
  if (waitUntil > nowMs) refuseUntil(waitUntil, nowMs);
  const nextAllowed = nowMs + delayAfterMs(pair.failures + 1, LOGIN_THROTTLE.pairFree);
  if (!(await reserveFailure(subjects.pair, pair, nextAllowed, nowMs, MEMORY_MS))) refuseUntil(nowMs + 1000, nowMs);
  return {
    challenged: account.failures >= LOGIN_THROTTLE.accountChallenge,
    succeeded: async () => {
      // The pair always has this attempt's reservation; the name has a record only after failures.
      await Promise.all([forgetFailures(subjects.pair), ...(account.lastFailureMs > 0 ? [forgetFailures(subjects.account)] : [])]);
    },
    failed: async () => {
      const [addressFailures, accountFailures] = await Promise.all([addFailure(subjects.address, nowMs, MEMORY_MS), addFailure(subjects.account, nowMs, MEMORY_MS)]);
      const addressDelay = delayAfterMs(addressFailures, LOGIN_THROTTLE.addressFree);
      if (addressDelay > 0) await delayUntil(subjects.address, nowMs + addressDelay, nowMs, MEMORY_MS);
      return { challengeStarted: accountFailures === LOGIN_THROTTLE.accountChallenge };
    },
  };
}

/** After a password reset the owner may log in at once: the names' failures, and theirs from this address, are forgotten. */
export async function forgetLoginFailures(frchId: number, loginNames: readonly string[], sourceIp: string): Promise<void> {
  const subjects = loginNames.flatMap((name) => {
    const { pair, account } = subjectsOf(frchId, name, sourceIp);
    return [pair, account];
  });
  await Promise.all(subjects.map(forgetFailures));
}
