import type * as z from 'zod';
import { BrokerSessionExpiredError } from '../http/broker-errors';
import type { BrokerPlumbing } from '../http/broker-plumbing';
import { transportError } from '../http/call-failures';
import type { Clock } from '../http/clock';
import { realSleep, waitingOutRateLimits, type Sleep } from '../http/rate-limited-reads';
import type { CallMode } from '../http/retry-policy';
import { readDhanAnswer } from './dhan-answer';
import { DHAN_BROKER, DHAN_RATE_LIMIT_READ_RETRIES, type DhanRateClass } from './dhan-config';
import type { DhanSession } from './dhan-session';

export interface DhanCall<T> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly query?: readonly (readonly [string, string])[];
  /** Sent as JSON (§6.2). */
  readonly body?: unknown;
  /** Headers a call needs beyond the usual ones (RenewToken wants `dhanClientId`). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly rateClass: DhanRateClass;
  readonly mode: CallMode;
  readonly schema: z.ZodType<T>;
}

export type { Sleep } from '../http/rate-limited-reads';

/**
 * Sends Dhan calls: refuses a session past its validity, waits for the account's rate limits, adds the
 * `access-token` and `client-id` headers (§6.2), and repeats a rate-limited read after Dhan's wait.
 */
export class DhanClient {
  constructor(
    private readonly plumbing: BrokerPlumbing<DhanRateClass>,
    private readonly session: DhanSession | null,
    private readonly clock: Clock,
    private readonly sleep: Sleep = realSleep,
  ) {}

  async call<T>(call: DhanCall<T>): Promise<T> {
    return waitingOutRateLimits(call.mode, DHAN_RATE_LIMIT_READ_RETRIES, this.sleep, () => this.attempt(call));
  }

  private async attempt<T>(call: DhanCall<T>): Promise<T> {
    if (this.session && this.clock() >= this.session.validUntil) {
      throw new BrokerSessionExpiredError(DHAN_BROKER, 'past-validity');
    }
    await this.plumbing.limits.acquire(call.rateClass);
    const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
    if (this.session) {
      headers['access-token'] = this.session.accessToken;
      headers['client-id'] = this.session.clientId;
    }
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    let answer;
    try {
      answer = await this.plumbing.http.send({
        method: call.method,
        path: call.path,
        headers,
        mode: call.mode,
        ...(call.query ? { query: call.query } : {}),
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      });
    } catch (failure) {
      throw transportError(DHAN_BROKER, call.mode, failure);
    }
    return readDhanAnswer(answer, call.mode, call.schema);
  }
}
