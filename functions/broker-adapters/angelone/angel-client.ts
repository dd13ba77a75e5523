import type * as z from 'zod';
import type { BrokerPlumbing } from '../http/broker-plumbing';
import { transportError } from '../http/call-failures';
import type { CallMode } from '../http/retry-policy';
import { readAngelAnswer, type AngelReading } from './angel-answer';
import { ANGEL_BROKER, type AngelRateClass } from './angel-config';
import type { AngelClientNetwork } from './angel-session';

export interface AngelCall<T> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** Sent as JSON (§3.2). */
  readonly body?: unknown;
  readonly rateClass: AngelRateClass;
  readonly mode: CallMode;
  readonly schema: z.ZodType<T>;
}

/** Sends one Angel call with the SmartAPI headers (§3.2), after waiting for the rate limit. */
export class AngelClient {
  constructor(
    private readonly plumbing: BrokerPlumbing<AngelRateClass>,
    private readonly apiKey: string,
    private readonly network: AngelClientNetwork,
  ) {}

  async send<T>(call: AngelCall<T>, jwtToken: string | null): Promise<AngelReading<T>> {
    await this.plumbing.limits.acquire(call.rateClass);
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-UserType': 'USER',
      'X-SourceID': 'WEB',
      'X-ClientLocalIP': this.network.localIp,
      'X-ClientPublicIP': this.network.publicIp,
      'X-MACAddress': this.network.macAddress,
      'X-PrivateKey': this.apiKey,
    };
    if (jwtToken !== null) headers.Authorization = `Bearer ${jwtToken}`;
    let answer;
    try {
      answer = await this.plumbing.http.send({
        method: call.method,
        path: call.path,
        headers,
        mode: call.mode,
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      });
    } catch (failure) {
      throw transportError(ANGEL_BROKER, call.mode, failure);
    }
    return readAngelAnswer(answer, call.mode, call.schema);
  }
}
