import { randomInt, randomUUID } from 'node:crypto';
import { balanceChangeItem } from '../../functions/data/referrals/referral-earnings-repository';
import { transactReportingFailedConditions } from '../../functions/data/table';
import { createUser, createUserWithReferral, NEW_USER_DEFAULTS } from '../../functions/data/users-repository';
import { hashPassword } from '../../functions/platform/auth/passwords';
import { issueToken } from '../../functions/platform/auth/tokens';
import { now } from '../../functions/platform/clock';
import type { TestUser } from './users';

/** A real user registered with `referrerId`'s code (as `/auth/userregister` with a referral code writes it), and its token. */
export async function createReferredUser(frchId: number, referrerId: number): Promise<TestUser> {
  const password = `pw-${randomUUID()}`;
  const outcome = await createUserWithReferral(
    {
      frch_id: frchId,
      email: `referred-${randomUUID()}@test.local`,
      first_name: 'Referred',
      last_name: 'User',
      mobile_no: `6${String(randomInt(0, 1e9)).padStart(9, '0')}`,
      ...NEW_USER_DEFAULTS,
      password_hash: await hashPassword(password),
    },
    { referredBy: referrerId },
  );
  if (outcome.kind !== 'created') throw new Error(`referred user not created: ${outcome.kind}`);
  const { token } = await issueToken(outcome.user.user_id, frchId);
  return { user: outcome.user, password, token };
}

/** Gives a user referral earnings as accruals do (tests of cash-outs start from a balance). */
export async function seedReferralEarnings(who: TestUser, paise: number): Promise<void> {
  const failed = await transactReportingFailedConditions([balanceChangeItem(who.user.frch_id, who.user.user_id, { balance_paise: paise, earned_paise: paise }, now().toISOString())]);
  if (failed.length > 0) throw new Error('earnings not seeded');
}

/** A user added by `parentId` (its profile names the parent, as `addsubuser` writes it), and its token. */
export async function createChildUser(frchId: number, parentId: number): Promise<TestUser> {
  const password = `pw-${randomUUID()}`;
  const user = await createUser({
    frch_id: frchId,
    email: `child-${randomUUID()}@test.local`,
    first_name: 'Child',
    last_name: 'User',
    mobile_no: `8${String(randomInt(0, 1e9)).padStart(9, '0')}`,
    ...NEW_USER_DEFAULTS,
    parent_user_id: parentId,
    password_hash: await hashPassword(password),
  });
  const { token } = await issueToken(user.user_id, frchId);
  return { user, password, token };
}
