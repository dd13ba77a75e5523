import { createFranchiseIfMissing } from '../../functions/data/franchises-repository';
import { createUser, findUserIdByEmail } from '../../functions/data/users-repository';
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
    state: '',
    city: '',
    age_range: null,
    profile_image: null,
    profile_status: 'active',
    current_credit: 0,
    is_brokerpanel: true,
    is_white_label: false,
    can_add_subuser: true,
    is_ip_enable: true,
    password_hash: await hashPassword(admin.password),
    tokens_valid_after: 0,
    parent_user_id: null,
  });
  return { createdAdmin: admin };
}
