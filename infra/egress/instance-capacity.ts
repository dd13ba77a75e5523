/**
 * How many IPv4 addresses the proxy hosts' instance types carry (EC2 `describe-instance-types`:
 * `NetworkInfo.MaximumNetworkInterfaces` and `Ipv4AddressesPerInterface`; the figures the reference
 * `money-hierarchy-egress.md` §3.2 quotes). Only the types listed here are supported: a slot count the
 * type cannot carry fails synth instead of failing the deployment half-way.
 */
export const PROXY_INSTANCE_TYPES = {
  't3.small': { networkInterfaces: 3, ipv4PerInterface: 4 },
  't3.medium': { networkInterfaces: 3, ipv4PerInterface: 6 },
  'm5.large': { networkInterfaces: 3, ipv4PerInterface: 10 },
  'm5.xlarge': { networkInterfaces: 4, ipv4PerInterface: 15 },
  'c5.4xlarge': { networkInterfaces: 8, ipv4PerInterface: 30 },
  'm5.4xlarge': { networkInterfaces: 8, ipv4PerInterface: 30 },
} as const;

export type ProxyInstanceType = keyof typeof PROXY_INSTANCE_TYPES;
export const PROXY_INSTANCE_TYPE_NAMES = Object.keys(PROXY_INSTANCE_TYPES) as [ProxyInstanceType, ...ProxyInstanceType[]];
export const DEFAULT_PROXY_INSTANCE_TYPE: ProxyInstanceType = 'm5.large';

/**
 * Slots are secondary private IPv4s: every interface keeps its primary address (the first interface's
 * is the host's own: the proxy listens on it), so each interface carries `ipv4PerInterface − 1` slots.
 */
export function slotsPerInterface(type: ProxyInstanceType): number {
  return PROXY_INSTANCE_TYPES[type].ipv4PerInterface - 1;
}

export function maxSlotsPerHost(type: ProxyInstanceType): number {
  return PROXY_INSTANCE_TYPES[type].networkInterfaces * slotsPerInterface(type);
}

/** How many slots each network interface of a host gets: interfaces are filled in turn, none left empty. */
export function slotsByInterface(type: ProxyInstanceType, slotsPerHost: number): number[] {
  assertSlotsFit(type, slotsPerHost);
  const perInterface = slotsPerInterface(type);
  const counts: number[] = [];
  for (let left = slotsPerHost; left > 0; left -= perInterface) counts.push(Math.min(perInterface, left));
  return counts;
}

export function assertSlotsFit(type: ProxyInstanceType, slotsPerHost: number): void {
  if (!(type in PROXY_INSTANCE_TYPES)) {
    throw new Error(`Egress pool: instance type ${type} is not supported (use one of ${PROXY_INSTANCE_TYPE_NAMES.join(', ')})`);
  }
  if (!Number.isInteger(slotsPerHost) || slotsPerHost < 1) {
    throw new Error(`Egress pool: slotsPerHost must be a whole number of at least 1, got ${slotsPerHost}`);
  }
  const max = maxSlotsPerHost(type);
  if (slotsPerHost > max) {
    const { networkInterfaces, ipv4PerInterface } = PROXY_INSTANCE_TYPES[type];
    throw new Error(
      `Egress pool: ${type} carries at most ${max} slots (${networkInterfaces} interfaces × ${ipv4PerInterface - 1} secondary IPv4s), ` +
        `${slotsPerHost} asked: add hosts or pick a larger type`,
    );
  }
}
