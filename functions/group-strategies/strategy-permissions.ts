import type { RequestOf, ResponseOf } from '../../shared/contracts/define-call';
import { UNKNOWN_STRATEGY_EMAILS_MESSAGE, type strategyPermissionContracts } from '../../shared/contracts/strategy-permissions';
import { grantStrategyPermission, listStrategyPermissionUserIds, revokeStrategyPermission } from '../data/strategies/strategy-access-repository';
import { findUserIdByEmail } from '../data/users-repository';
import { NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import { listSubUsers } from '../sub-users/list-sub-users';
import { findManagedSubUser } from '../sub-users/sub-user-scope';
import { ownedStrategy } from './strategy-access';

type EmailsRequest = RequestOf<typeof strategyPermissionContracts.getSubUserEmails>;
type EmailsAnswer = ResponseOf<typeof strategyPermissionContracts.getSubUserEmails>;
type PermissionRequest = RequestOf<typeof strategyPermissionContracts.updateStrategyPermission>;
type PermissionAnswer = ResponseOf<typeof strategyPermissionContracts.updateStrategyPermission>;

/**
 * The users the owner may permit: every user it manages (a broker panel: every other user of its
 * franchise, ADR 0013 — the sub-user listing already is exactly that), each marked permitted or not.
 */
export async function listPermittableUsers(principal: Principal, request: EmailsRequest): Promise<EmailsAnswer> {
  const group = await ownedStrategy(principal, request.group_id);
  const [page, permittedIds] = await Promise.all([
    listSubUsers(principal, { search: request.search, status: 'all', offset: request.offset, limit: request.limit }),
    listStrategyPermissionUserIds(principal, group.grp_id),
  ]);
  const permitted = new Set(permittedIds);
  return {
    items: page.items.map((user) => ({
      user_id: user.user_id,
      email: user.email,
      name: `${user.first_name} ${user.last_name}`.trim(),
      permitted: permitted.has(user.user_id),
    })),
    total: page.total,
  };
}

/** The managed user behind an email, or null when the franchise has no such user the owner manages. */
async function managedUserByEmail(principal: Principal, email: string): Promise<{ userId: number; email: string } | null> {
  const userId = await findUserIdByEmail(principal.frchId, email);
  if (userId === null) return null;
  try {
    const user = await findManagedSubUser(principal, userId);
    return { userId: user.user_id, email };
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * Grants or revokes viewing a PRIVATE strategy per email. All emails are resolved first: if any is not a
 * user the owner manages, nothing changes and the answer (404) names them. Each grant/revoke is one
 * conditional write, so repeating a request changes nothing twice (`unchanged`).
 *
 * Revoking ends viewing and new subscriptions only: a subscription already paid for keeps running to
 * its end (the subscriptions slice enforces this — a running subscription does not consult the permission).
 */
export async function changeStrategyPermissions(principal: Principal, request: PermissionRequest): Promise<PermissionAnswer> {
  const group = await ownedStrategy(principal, request.group_id);
  const emails = [...new Set(request.emails)];
  const users = await Promise.all(emails.map((email) => managedUserByEmail(principal, email)));
  const unknown = emails.filter((_, index) => users[index] === null);
  if (unknown.length > 0) throw new NotFoundError(`${UNKNOWN_STRATEGY_EMAILS_MESSAGE} ${unknown.join(', ')}`);
  const changed: string[] = [];
  const unchanged: string[] = [];
  for (const user of users) {
    if (!user) continue;
    const didChange = request.allowed
      ? await grantStrategyPermission(principal, group.grp_id, user)
      : await revokeStrategyPermission(principal, group.grp_id, user.userId);
    (didChange ? changed : unchanged).push(user.email);
  }
  return { changed, unchanged };
}
