import type * as z from 'zod';
import { BrokerSessionExpiredError } from '../http/broker-errors';
import type { BrokerPlumbing } from '../http/broker-plumbing';
import { transportError } from '../http/call-failures';
import type { Clock } from '../http/clock';
import type { CallMode } from '../http/retry-policy';
import { KITE_API_VERSION, KITE_BROKER, type KiteRateClass } from './kite-config';
import { readKiteAnswer } from './kite-answer';
import type { KiteSession } from './kite-session';

export interface KiteCall<T> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly query?: readonly (readonly [string, string])[];
  /** Sent `application/x-www-form-urlencoded`, as Kite expects (§2.2). */
  readonly form?: Readonly<Record<string, string>>;
  /** Sent as JSON: only the margin, basket and charges calls take it (§2.2). */
  readonly json?: unknown;
  readonly rateClass: KiteRateClass;
  readonly mode: CallMode;
  readonly schema: z.ZodType<T>;
}

/** Sends Kite calls: refuses a session past its validity, waits for the rate limit, adds the v3 headers. */
export class KiteClient {
  constructor(
    private readonly plumbing: BrokerPlumbing<KiteRateClass>,
    private readonly session: KiteSession | null,
    private readonly clock: Clock,
  ) {}

  async call<T>(call: KiteCall<T>): Promise<T> {
    if (this.session && this.clock() >= this.session.validUntil) {
      throw new BrokerSessionExpiredError(KITE_BROKER, 'past-validity');
    }
    await this.plumbing.limits.acquire(call.rateClass);
    const headers: Record<string, string> = { 'X-Kite-Version': KITE_API_VERSION };
    if (this.session) headers.Authorization = `token ${this.session.apiKey}:${this.session.accessToken}`;
    if (call.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (call.json !== undefined) headers['Content-Type'] = 'application/json';
    let answer;
    try {
      answer = await this.plumbing.http.send({
        method: call.method,
        path: call.path,
        headers,
        mode: call.mode,
        ...(call.query ? { query: call.query } : {}),
        ...(call.form ? { body: new URLSearchParams(call.form).toString() } : {}),
        ...(call.json === undefined ? {} : { body: JSON.stringify(call.json) }),
      });
    } catch (failure) {
      throw transportError(KITE_BROKER, call.mode, failure);
    }
    return readKiteAnswer(answer, call.mode, call.schema);
  }
}
