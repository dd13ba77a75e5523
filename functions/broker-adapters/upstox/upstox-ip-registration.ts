import * as z from 'zod';
import { systemClock, type Clock } from '../http/clock';
import type { IpRegistrationOutcome, StaticIpPair } from '../http/static-ip-registration';
import { UpstoxClient } from './upstox-client';
import { createUpstoxPlumbing, type UpstoxPlumbingOverrides } from './upstox-plumbing';
import type { UpstoxSession } from './upstox-session';

/**
 * Upstox's user-level static IPs (DOC upstox get-app-static-ips / update-app-static-ips): `GET /v2/user/ip`,
 * `PUT /v2/user/ip` with `{primary_ip, secondary_ip?}`. A change is allowed once a week and kills the user's
 * access tokens; a refusal (e.g. the weekly rule) comes back as a BrokerRejectedError in Upstox's words.
 */
export const UPSTOX_USER_IP_PATH = '/v2/user/ip';

const upstoxUserIps = z.object({
  primary_ip: z.string().nullish(),
  secondary_ip: z.string().nullish(),
  /** Only on the update answer. */
  access_tokens_invalidated: z.boolean().optional(),
});

export interface UpstoxIpRegistrationOptions extends UpstoxPlumbingOverrides {
  readonly session: UpstoxSession;
  /** The platform's broker-account id: the key of the per-account limiters. */
  readonly accountKey?: string;
  readonly clock?: Clock;
}

/** Registers `ips` for the Upstox user; when they are already the registered ones nothing is sent (a change would spend the week). */
export async function registerUpstoxStaticIps(options: UpstoxIpRegistrationOptions, ips: StaticIpPair): Promise<IpRegistrationOutcome> {
  const client = new UpstoxClient(createUpstoxPlumbing(options.accountKey ?? options.session.userId, options), options.session, options.clock ?? systemClock);
  // Not an order API: it spends the "other APIs" budget, the plan's 'read' class.
  const current = await client.call({ host: 'api', method: 'GET', path: UPSTOX_USER_IP_PATH, rateClass: 'read', mode: 'read', schema: upstoxUserIps });
  if ((current.primary_ip ?? null) === ips.primary && (current.secondary_ip ?? null) === ips.secondary) return { sessionInvalidated: false };
  const updated = await client.call({
    host: 'api',
    method: 'PUT',
    path: UPSTOX_USER_IP_PATH,
    json: { primary_ip: ips.primary, ...(ips.secondary === null ? {} : { secondary_ip: ips.secondary }) },
    rateClass: 'read',
    mode: 'write',
    schema: upstoxUserIps,
  });
  // Upstox documents that every successful change invalidates the tokens; the flag only confirms it.
  return { sessionInvalidated: updated.access_tokens_invalidated ?? true };
}
