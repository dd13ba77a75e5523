import { randomInt, randomUUID } from 'node:crypto';
import type { RoleFlags } from '../../shared/domain/roles';
import { createUser, NEW_USER_DEFAULTS } from '../../functions/data/users-repository';
import type { UserItem } from '../../functions/data/user-item';
import { hashPassword } from '../../functions/platform/auth/passwords';
import { issueToken } from '../../functions/platform/auth/tokens';

export interface TestUser {
  readonly user: UserItem;
  readonly password: string;
  readonly token: string;
}

/** Creates a real user in DynamoDB Local and a real token for it. Argon2id at the policy (about 11 ms). */
export async function createTestUser(options: { frchId?: number; roles?: Partial<RoleFlags>; password?: string } = {}): Promise<TestUser> {
  const password = options.password ?? `pw-${randomUUID()}`;
  const frchId = options.frchId ?? 1;
  const user = await createUser({
    frch_id: frchId,
    email: `user-${randomUUID()}@test.local`,
    first_name: 'Test',
    last_name: 'User',
    // Drawn per user over a billion numbers: every test file makes its own users in parallel, and a mobile
    // number is unique per franchise (sequences from a random start collided across files now and then).
    mobile_no: `7${String(randomInt(0, 1e9)).padStart(9, '0')}`,
    ...NEW_USER_DEFAULTS,
    ...options.roles,
    password_hash: await hashPassword(password),
  });
  const { token } = await issueToken(user.user_id, frchId);
  return { user, password, token };
}
