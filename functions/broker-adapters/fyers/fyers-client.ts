import type * as z from 'zod';
import { BrokerSessionExpiredError } from '../http/broker-errors';
import type { BrokerPlumbing } from '../http/broker-plumbing';
import { transportError } from '../http/call-failures';
import type { Clock } from '../http/clock';
import { realSleep, waitingOutRateLimits, type Sleep } from '../http/rate-limited-reads';
import type { CallMode } from '../http/retry-policy';
import type { HttpAnswer } from '../http/send-request';
import { readFyersAnswer } from './fyers-answer';
import { FYERS_BROKER, FYERS_READ_RETRIES_AFTER_RATE_LIMIT, type FyersRateClass } from './fyers-config';
import type { FyersSession } from './fyers-session';

export interface FyersCall<T> {
  /** Modify is a PATCH on `/orders/sync` (§5.4). */
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly query?: readonly (readonly [string, string])[];
  /** Sent as JSON (§5.2), DELETE included (cancel carries `{id}`). */
  readonly body?: unknown;
  readonly mode: CallMode;
  readonly schema: z.ZodType<T>;
}

export type { Sleep } from '../http/rate-limited-reads';

/**
 * Sends Fyers calls: refuses a session past its validity, waits for the account's rate limit, adds the
 * `<app_id>:<access_token>` header. A read Fyers refused for rate is waited out and repeated; a write is not,
 * since the refusal came from Fyers itself and the caller must decide (nothing was placed).
 */
export class FyersClient {
  constructor(
    private readonly plumbing: BrokerPlumbing<FyersRateClass>,
    private readonly session: FyersSession | null,
    private readonly clock: Clock,
    private readonly sleep: Sleep = realSleep,
  ) {}

  async call<T>(call: FyersCall<T>): Promise<T> {
    if (this.session && this.clock() >= this.session.validUntil) {
      throw new BrokerSessionExpiredError(FYERS_BROKER, 'past-validity');
    }
    return waitingOutRateLimits(call.mode, FYERS_READ_RETRIES_AFTER_RATE_LIMIT, this.sleep, async () => readFyersAnswer(await this.sendOnce(call), call.mode, call.schema));
  }

  private async sendOnce(call: FyersCall<unknown>): Promise<HttpAnswer> {
    await this.plumbing.limits.acquire('api');
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.session) headers.Authorization = `${this.session.appId}:${this.session.accessToken}`;
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await this.plumbing.http.send({
        method: call.method,
        path: call.path,
        headers,
        mode: call.mode,
        ...(call.query ? { query: call.query } : {}),
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      });
    } catch (failure) {
      throw transportError(FYERS_BROKER, call.mode, failure);
    }
  }
}
