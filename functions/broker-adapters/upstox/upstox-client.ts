import type * as z from 'zod';
import { BrokerSessionExpiredError } from '../http/broker-errors';
import { transportError } from '../http/call-failures';
import type { Clock } from '../http/clock';
import { realSleep, waitingOutRateLimits, type Sleep } from '../http/rate-limited-reads';
import type { CallMode } from '../http/retry-policy';
import { readUpstoxAnswer, type UpstoxAnswerShape } from './upstox-answer';
import { UPSTOX_BROKER, UPSTOX_RATE_LIMITED_READ_ATTEMPTS, type UpstoxHost, type UpstoxRateClass } from './upstox-config';
import type { UpstoxPlumbing } from './upstox-plumbing';
import type { UpstoxSession } from './upstox-session';

export interface UpstoxCall<T> {
  readonly host: UpstoxHost;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly query?: readonly (readonly [string, string])[];
  /** Sent as JSON (every trading API, §4.2). */
  readonly json?: unknown;
  /** Sent `application/x-www-form-urlencoded` (the token exchange only, §4.1). */
  readonly form?: Readonly<Record<string, string>>;
  /** Extra request headers (the `X-Algo-Name` of an automated order). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly rateClass: UpstoxRateClass;
  readonly mode: CallMode;
  readonly schema: z.ZodType<T>;
  readonly answer?: UpstoxAnswerShape;
}

export type { Sleep } from '../http/rate-limited-reads';

function bodyOf(call: UpstoxCall<unknown>): { contentType: string; body: string } | null {
  if (call.form) return { contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(call.form).toString() };
  if (call.json !== undefined) return { contentType: 'application/json', body: JSON.stringify(call.json) };
  return null;
}

/**
 * Sends Upstox calls: refuses a session past its validity, waits for the rate limit, adds the Bearer and
 * Accept headers. A read refused with 429 is waited for and repeated (it changed nothing); a write never is.
 */
export class UpstoxClient {
  constructor(
    private readonly plumbing: UpstoxPlumbing,
    private readonly session: UpstoxSession | null,
    private readonly clock: Clock,
    private readonly sleep: Sleep = realSleep,
  ) {}

  async call<T>(call: UpstoxCall<T>): Promise<T> {
    return waitingOutRateLimits(call.mode, UPSTOX_RATE_LIMITED_READ_ATTEMPTS - 1, this.sleep, () => this.callOnce(call));
  }

  private async callOnce<T>(call: UpstoxCall<T>): Promise<T> {
    if (this.session && this.clock() >= this.session.validUntil) {
      throw new BrokerSessionExpiredError(UPSTOX_BROKER, 'past-validity');
    }
    await this.plumbing.limits.acquire(call.rateClass);
    const headers: Record<string, string> = { ...call.headers, Accept: 'application/json' };
    if (this.session) headers.Authorization = `Bearer ${this.session.accessToken}`;
    const body = bodyOf(call);
    if (body) headers['Content-Type'] = body.contentType;
    let answer;
    try {
      answer = await this.plumbing.hosts[call.host].send({
        method: call.method,
        path: call.path,
        headers,
        mode: call.mode,
        ...(call.query ? { query: call.query } : {}),
        ...(body ? { body: body.body } : {}),
      });
    } catch (failure) {
      throw transportError(UPSTOX_BROKER, call.mode, failure);
    }
    return readUpstoxAnswer(answer, call.mode, call.schema, call.answer);
  }
}
