import { isIP } from 'node:net';
import type { FakeReply, FakeRequest, FakeRoute } from './broker-fake-server';
import type { IpFlag, StaticIpRules } from './static-ip-rules';

/**
 * Dhan's static-IP API (reference/money-hierarchy-egress.md §3.1, from the unofficial dhan-rs client [2nd]):
 * `POST /v2/ip/setIP` and `PUT /v2/ip/modifyIP` with `{dhanClientId, ip, ipFlag: PRIMARY|SECONDARY}`, and
 * `GET /v2/ip/getIP`. "Once set, the IP cannot be modified for the next 7 days." Dhan documents no codes for
 * these refusals, so they are its input error (DH-905) in its usual envelope — UNVERIFIED codes and texts.
 */

const WEEK_MS = 7 * 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;
const FLAGS: Readonly<Record<string, IpFlag>> = { PRIMARY: 'primary', SECONDARY: 'secondary' };

/** An IST calendar date, `2026-04-10`. */
const istDate = (atMs: number) => new Date(atMs + IST_OFFSET_MS).toISOString().slice(0, 10);

export interface DhanIpRouteDeps {
  readonly rules: StaticIpRules;
  readonly clientId: string;
  readonly now: () => number;
  readonly secured: (handle: (request: FakeRequest) => FakeReply) => (request: FakeRequest, params: Readonly<Record<string, string>>) => FakeReply;
  readonly json: (status: number, body: unknown) => FakeReply;
  readonly inputError: (message: string) => FakeReply;
}

interface IpRequest {
  readonly flag: IpFlag;
  readonly ip: string;
}

export function dhanIpRoutes(deps: DhanIpRouteDeps): FakeRoute[] {
  const { rules, clientId, now, json, inputError } = deps;

  const requestOf = (request: FakeRequest): IpRequest | FakeReply => {
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(request.body);
      if (typeof parsed === 'object' && parsed !== null) body = Object.fromEntries(Object.entries(parsed));
    } catch {
      return inputError('Request body must be JSON');
    }
    if (body.dhanClientId !== clientId) return inputError('Invalid dhanClientId');
    const flag = typeof body.ipFlag === 'string' ? FLAGS[body.ipFlag] : undefined;
    if (!flag) return inputError('ipFlag must be PRIMARY or SECONDARY');
    if (typeof body.ip !== 'string' || isIP(body.ip) === 0) return inputError('Invalid IP address');
    return { flag, ip: body.ip };
  };

  const currentOf = (flag: IpFlag) => {
    const ips = rules.registeredIps(clientId);
    return flag === 'primary' ? { ip: ips?.primary ?? null, changedAt: ips?.primaryChangedAt ?? null } : { ip: ips?.secondary ?? null, changedAt: ips?.secondaryChangedAt ?? null };
  };

  const setIp = (request: FakeRequest): FakeReply => {
    const asked = requestOf(request);
    if ('status' in asked) return asked;
    if (currentOf(asked.flag).ip !== null) return inputError(`A ${asked.flag} IP is already set for this client; use modifyIP to change it.`);
    rules.setIp(clientId, asked.flag, asked.ip, now());
    return json(200, { status: 'SUCCESS', message: 'IP saved successfully' });
  };

  const modifyIp = (request: FakeRequest): FakeReply => {
    const asked = requestOf(request);
    if ('status' in asked) return asked;
    const current = currentOf(asked.flag);
    if (current.ip === null) return inputError(`No ${asked.flag} IP is set for this client; use setIP first.`);
    const at = now();
    if (current.changedAt !== null && at - current.changedAt < WEEK_MS) {
      return inputError(`Static IP cannot be modified for 7 days after it is set. Next modification allowed on ${istDate(current.changedAt + WEEK_MS)}.`);
    }
    rules.setIp(clientId, asked.flag, asked.ip, at);
    return json(200, { status: 'SUCCESS', message: 'IP modified successfully' });
  };

  /** `modifyDate*`: the day the address may next be modified (UNVERIFIED meaning of Dhan's field). */
  const getIp = (): FakeReply => {
    const primary = currentOf('primary');
    const secondary = currentOf('secondary');
    return json(200, {
      primaryIP: primary.ip,
      secondaryIP: secondary.ip,
      modifyDatePrimary: primary.changedAt === null ? null : istDate(primary.changedAt + WEEK_MS),
      modifyDateSecondary: secondary.changedAt === null ? null : istDate(secondary.changedAt + WEEK_MS),
    });
  };

  return [
    { name: 'set-ip', method: 'POST', path: '/v2/ip/setIP', handle: deps.secured(setIp) },
    { name: 'modify-ip', method: 'PUT', path: '/v2/ip/modifyIP', handle: deps.secured(modifyIp) },
    { name: 'get-ip', method: 'GET', path: '/v2/ip/getIP', handle: deps.secured(getIp) },
  ];
}
