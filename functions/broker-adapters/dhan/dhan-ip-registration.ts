import * as z from 'zod';
import { createBrokerPlumbing, type PlumbingOverrides } from '../http/broker-plumbing';
import { BrokerRejectedError } from '../http/broker-errors';
import { systemClock, type Clock } from '../http/clock';
import type { IpRegistrationOutcome, StaticIpPair } from '../http/static-ip-registration';
import { DhanClient } from './dhan-client';
import { DHAN_BROKER, DHAN_ENDPOINT, DHAN_RATE_PLAN, type DhanRateClass } from './dhan-config';
import type { DhanSession } from './dhan-session';

/**
 * Dhan's static IPs (reference/money-hierarchy-egress.md §3.1, from the unofficial dhan-rs client [2nd]):
 * `GET /v2/ip/getIP`, `POST /v2/ip/setIP` for a flag with no address yet, `PUT /v2/ip/modifyIP` to change one —
 * "once set, the IP cannot be modified for the next 7 days". Tokens survive a change. Dhan has no call that
 * removes an address, so a secondary no longer wanted stays registered until it is replaced.
 */
export const DHAN_IP_PATHS = { get: '/v2/ip/getIP', set: '/v2/ip/setIP', modify: '/v2/ip/modifyIP' } as const;

const dhanRegisteredIps = z.object({ primaryIP: z.string().nullish(), secondaryIP: z.string().nullish() });
const dhanIpAnswer = z.object({ status: z.string().optional(), message: z.string().optional() });

export interface DhanIpRegistrationOptions extends PlumbingOverrides<DhanRateClass> {
  readonly session: DhanSession;
  readonly accountKey?: string;
  readonly clock?: Clock;
}

export async function registerDhanStaticIps(options: DhanIpRegistrationOptions, ips: StaticIpPair): Promise<IpRegistrationOutcome> {
  const plumbing = createBrokerPlumbing(DHAN_BROKER, options.accountKey ?? options.session.clientId, { endpoint: DHAN_ENDPOINT, ratePlan: DHAN_RATE_PLAN }, options);
  const client = new DhanClient(plumbing, options.session, options.clock ?? systemClock);
  const current = await client.call({ method: 'GET', path: DHAN_IP_PATHS.get, rateClass: 'read', mode: 'read', schema: dhanRegisteredIps });
  const wanted = [
    { ipFlag: 'PRIMARY', ip: ips.primary, registered: current.primaryIP ?? null },
    { ipFlag: 'SECONDARY', ip: ips.secondary, registered: current.secondaryIP ?? null },
  ] as const;
  for (const { ipFlag, ip, registered } of wanted) {
    if (ip === null || ip === registered) continue;
    const answer = await client.call({
      method: registered === null ? 'POST' : 'PUT',
      path: registered === null ? DHAN_IP_PATHS.set : DHAN_IP_PATHS.modify,
      body: { dhanClientId: options.session.clientId, ip, ipFlag },
      rateClass: 'read',
      mode: 'write',
      schema: dhanIpAnswer,
    });
    // A 2xx that does not say success is still a refusal (dhan-rs reads `status` and `message`).
    if (answer.status !== undefined && !/success/i.test(answer.status)) {
      throw new BrokerRejectedError(DHAN_BROKER, answer.message || `Dhan did not register the ${ipFlag.toLowerCase()} IP (${answer.status})`);
    }
  }
  return { sessionInvalidated: false };
}
