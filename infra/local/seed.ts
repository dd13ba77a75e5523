import { createFranchiseIfMissing } from '../../functions/data/franchises-repository';
import { addPoolSlots, type NewPoolSlot } from '../../functions/data/static-ips/static-ips-repository';
import { now } from '../../functions/platform/clock';
import { createUser, findUserIdByEmail, NEW_USER_DEFAULTS } from '../../functions/data/users-repository';
import { hashPassword } from '../../functions/platform/auth/passwords';

export interface SeedResult {
  /** Present only on the run that created the admin: its credentials are printed once. */
  readonly createdAdmin: { email: string; password: string } | null;
}

/**
 * First run: the default franchise and its broker-panel administrator. Later runs change nothing
 * (both writes are conditional), so the credentials are shown only once.
 */
export async function seedFirstRun(frchId: number, admin: { email: string; password: string }, egressProxyUrl = process.env.EGRESS_PROXY_URL): Promise<SeedResult> {
  await createFranchiseIfMissing(frchId, 'TradeBridge');
  if (egressProxyUrl) await seedLocalIpPool(frchId, egressProxyUrl);
  if ((await findUserIdByEmail(frchId, admin.email)) !== null) return { createdAdmin: null };
  await createUser({
    frch_id: frchId,
    email: admin.email.toLowerCase(),
    first_name: 'Broker Panel',
    last_name: 'Admin',
    mobile_no: '9000000000',
    ...NEW_USER_DEFAULTS,
    is_brokerpanel: true,
    can_add_subuser: true,
    is_ip_enable: true,
    password_hash: await hashPassword(admin.password),
  });
  return { createdAdmin: admin };
}

/** How many loopback addresses the local pool offers (127.0.0.2 … 127.0.0.41). */
const LOCAL_IPV4_SLOTS = 40;

/**
 * The default franchise's static-IP pool on one machine (issue 20): loopback addresses, which the local
 * egress proxy binds without root, plus `::1` as the IPv6 slot. Each address is added only if absent.
 */
export async function seedLocalIpPool(frchId: number, proxyUrl: string): Promise<{ added: number }> {
  const slots: NewPoolSlot[] = [
    ...Array.from({ length: LOCAL_IPV4_SLOTS }, (_, index) => `127.0.0.${index + 2}`).map((address) => ({ address, bind_address: address, proxy_url: proxyUrl, version: 'IPv4' as const })),
    { address: '::1', bind_address: '::1', proxy_url: proxyUrl, version: 'IPv6' },
  ];
  const { added } = await addPoolSlots(frchId, slots, now());
  return { added };
}
