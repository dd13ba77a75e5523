import { createFranchiseIfMissing } from '../../functions/data/franchises-repository';
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
export async function seedFirstRun(frchId: number, admin: { email: string; password: string }): Promise<SeedResult> {
  await createFranchiseIfMissing(frchId, 'TradeBridge');
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
