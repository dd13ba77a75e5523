import { isIP } from 'node:net';
import type { FakeReply, FakeRequest, FakeRoute } from './broker-fake-server';
import type { AccountIps, StaticIpRules } from './static-ip-rules';

/**
 * Upstox's static-IP registration API (DOC upstox get-app-static-ips / update-app-static-ips): user-level
 * primary and optional secondary IPs, changed at most once a week (here: 7 days by the fake's clock), and a
 * change invalidates the user's access tokens. The refusal of a change too soon is not documented by code,
 * so it is Upstox's invalid-input answer (UDAPI100036) with the rule's wording — UNVERIFIED code.
 */

const WEEK_MS = 7 * 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;

/** Upstox's `*_updated_at`: IST wall-clock time, `2026-04-03 17:17:50`. */
const istStamp = (atMs: number) => new Date(atMs + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

export interface UpstoxIpRouteDeps {
  readonly rules: StaticIpRules;
  readonly userId: string;
  readonly now: () => number;
  readonly authed: (handle: (request: FakeRequest) => FakeReply) => (request: FakeRequest) => FakeReply;
  readonly success: (data: unknown) => FakeReply;
  readonly problem: (status: number, code: string, message: string, propertyPath?: string | null, invalidValue?: unknown) => FakeReply;
  /** A successful change kills the user's tokens. */
  readonly invalidateTokens: () => void;
}

function bodyOf(request: FakeRequest): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(request.body);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? Object.fromEntries(Object.entries(parsed)) : null;
  } catch {
    return null;
  }
}

export function upstoxIpRoutes(deps: UpstoxIpRouteDeps): FakeRoute[] {
  const { rules, userId, now, success, problem } = deps;
  const view = (ips: AccountIps | null) => ({
    user_id: userId,
    primary_ip: ips?.primary ?? null,
    secondary_ip: ips?.secondary ?? null,
    primary_ip_updated_at: ips?.primaryChangedAt == null ? null : istStamp(ips.primaryChangedAt),
    secondary_ip_updated_at: ips?.secondaryChangedAt == null ? null : istStamp(ips.secondaryChangedAt),
  });

  const getIps = (): FakeReply => success(view(rules.registeredIps(userId)));

  const updateIps = (request: FakeRequest): FakeReply => {
    const body = bodyOf(request);
    const primary = body?.primary_ip;
    const secondary = body?.secondary_ip ?? null;
    if (typeof primary !== 'string' || isIP(primary) === 0) return problem(400, 'UDAPI100038', 'Invalid input passed to the API', 'primary_ip', primary ?? null);
    if (secondary !== null && (typeof secondary !== 'string' || isIP(secondary) === 0 || secondary === primary)) {
      return problem(400, 'UDAPI100038', 'Invalid input passed to the API', 'secondary_ip', secondary);
    }
    const current = rules.registeredIps(userId);
    const changes = [current?.primaryChangedAt, current?.secondaryChangedAt].filter((at): at is number => typeof at === 'number');
    const lastChange = changes.length === 0 ? null : Math.max(...changes);
    const at = now();
    if (lastChange !== null && at - lastChange < WEEK_MS) {
      return problem(400, 'UDAPI100036', `Static IPs can only be changed once per calendar week. The next change is allowed after ${istStamp(lastChange + WEEK_MS)}.`);
    }
    rules.setIp(userId, 'primary', primary, at);
    rules.setIp(userId, 'secondary', secondary, at);
    deps.invalidateTokens();
    return success({ ...view(rules.registeredIps(userId)), access_tokens_invalidated: true });
  };

  return [
    { name: 'get-ip', method: 'GET', path: '/v2/user/ip', handle: deps.authed(getIps) },
    { name: 'update-ip', method: 'PUT', path: '/v2/user/ip', handle: deps.authed(updateIps) },
  ];
}
