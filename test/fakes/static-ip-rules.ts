import type { FakeReply, FakeRequest } from './broker-fake-server';

/**
 * The SEBI static-IP rule as every broker fake enforces it (reference/money-hierarchy-egress.md §3.1): each
 * account registers a primary and an optional secondary address, and order-changing calls (place, modify,
 * cancel, exit) from any other address are refused with the broker's own answer. Reads are never checked.
 * Registration has two doors: the broker's console (the test control `registerIps`, no weekly limit, as a
 * test needs to set the scene) and, for Upstox and Dhan, the broker's API, which keeps the weekly rule
 * with `changedAt`.
 */

export interface RegisteredIps {
  readonly primary: string;
  readonly secondary?: string | null;
}

export type IpFlag = 'primary' | 'secondary';

/** Why an order call was refused: its address is not one of the account's, or the account has none (`requireStaticIp`). */
export type IpRefusalReason = 'unregistered-ip' | 'no-registered-ip';

export interface IpRefusal {
  readonly route: string;
  readonly accountKey: string;
  readonly remoteAddress: string;
  readonly reason: IpRefusalReason;
}

/** What a broker's API registration stored: the addresses and when each was last changed (by the fake's clock). */
export interface AccountIps {
  readonly primary: string | null;
  readonly secondary: string | null;
  readonly primaryChangedAt: number | null;
  readonly secondaryChangedAt: number | null;
}

/** The test controls every broker fake offers. */
export interface StaticIpControls {
  /** The user pastes these addresses into the broker's console for the account (replacing what was there). */
  registerIps(accountKey: string, ips: RegisteredIps): void;
  /** The account's registered addresses, or null when it has none. */
  registeredIps(accountKey: string): AccountIps | null;
  /** Order calls refused for their address, oldest first. */
  ipRefusals(): readonly IpRefusal[];
}

export interface StaticIpOptions {
  /** Refuse order calls of an account with no registered IP too (the rule in force). Default off, so older tests need no IPs. */
  readonly requireStaticIp?: boolean;
}

export interface StaticIpRules extends StaticIpControls {
  /** Sets one address through the broker's registration API, stamping when it changed. */
  setIp(accountKey: string, flag: IpFlag, ip: string | null, at: number): void;
  /**
   * Wraps an order-changing handler: answers `refusal(reason)` (and records it) when the request's address may
   * not place orders for `accountKey`; otherwise hands the request on.
   */
  guard<P extends unknown[]>(
    route: string,
    accountKey: string,
    refusal: (reason: IpRefusalReason) => FakeReply,
    handle: (request: FakeRequest, ...rest: P) => FakeReply,
  ): (request: FakeRequest, ...rest: P) => FakeReply;
}

const EMPTY: AccountIps = { primary: null, secondary: null, primaryChangedAt: null, secondaryChangedAt: null };

/** Loopback spellings differ by stack (`::ffff:127.0.0.2` vs `127.0.0.2`): compare the plain form. */
const plain = (address: string) => address.replace(/^::ffff:/i, '').toLowerCase();

export function createStaticIpRules(options: StaticIpOptions = {}): StaticIpRules {
  const accounts = new Map<string, AccountIps>();
  const refusals: IpRefusal[] = [];

  const registered = (accountKey: string): AccountIps | null => {
    const ips = accounts.get(accountKey);
    return ips && (ips.primary !== null || ips.secondary !== null) ? ips : null;
  };

  const refusalReason = (accountKey: string, remoteAddress: string): IpRefusalReason | null => {
    const ips = registered(accountKey);
    if (!ips) return options.requireStaticIp ? 'no-registered-ip' : null;
    const allowed = [ips.primary, ips.secondary].filter((ip): ip is string => ip !== null).map(plain);
    return allowed.includes(plain(remoteAddress)) ? null : 'unregistered-ip';
  };

  return {
    registerIps: (accountKey, ips) => {
      const current = accounts.get(accountKey) ?? EMPTY;
      accounts.set(accountKey, { ...current, primary: ips.primary, secondary: ips.secondary ?? null });
    },
    registeredIps: registered,
    ipRefusals: () => refusals,
    setIp: (accountKey, flag, ip, at) => {
      const current = accounts.get(accountKey) ?? EMPTY;
      accounts.set(accountKey, flag === 'primary' ? { ...current, primary: ip, primaryChangedAt: at } : { ...current, secondary: ip, secondaryChangedAt: at });
    },
    guard:
      (route, accountKey, refusal, handle) =>
      (request, ...rest) => {
        const reason = refusalReason(accountKey, request.remoteAddress);
        if (reason === null) return handle(request, ...rest);
        refusals.push({ route, accountKey, remoteAddress: request.remoteAddress, reason });
        return refusal(reason);
      },
  };
}

/** The controls alone, to spread into a fake's public face. */
export function staticIpControls(rules: StaticIpRules): StaticIpControls {
  return { registerIps: rules.registerIps, registeredIps: rules.registeredIps, ipRefusals: rules.ipRefusals };
}
