import type { z } from 'zod';
import type { moneyUserSchema } from '../../shared/contracts/franchise-money';
import { readUserSummaries, type UserSummary } from '../data/user-summaries';
import { findUserIdByEmail } from '../data/users-repository';
import { NotFoundError } from '../platform/errors';

export const MONEY_USER_NOT_FOUND_MESSAGE = 'No user with this id or email in your franchise.';

export type MoneyUser = z.infer<typeof moneyUserSchema>;

/**
 * The one user a listing is narrowed to, or null for every user. User ids and emails are the caller's
 * franchise's: one it does not have (whether or not another franchise has it) is a 404, as a bank
 * transfer of another franchise is; an id and an email naming two different users find no one either.
 */
export async function userFilterOf(frchId: number, filter: { user_id?: number | undefined; user_email?: string | undefined }): Promise<number | null> {
  if (filter.user_id === undefined && filter.user_email === undefined) return null;
  const byEmail = filter.user_email === undefined ? undefined : await findUserIdByEmail(frchId, filter.user_email);
  if (byEmail === null || (byEmail !== undefined && filter.user_id !== undefined && byEmail !== filter.user_id)) throw new NotFoundError(MONEY_USER_NOT_FOUND_MESSAGE);
  const userId = byEmail ?? (filter.user_id as number);
  if (byEmail === undefined && !(await readUserSummaries(frchId, [userId])).has(userId)) throw new NotFoundError(MONEY_USER_NOT_FOUND_MESSAGE);
  return userId;
}

/** A function naming the users of some rows (read together); a user no longer there keeps the id, with empty name and email. */
export async function userNamer(frchId: number, userIds: Iterable<number>): Promise<(userId: number) => MoneyUser> {
  const summaries = await readUserSummaries(frchId, userIds);
  const unknown: UserSummary = { name: '', email: '' };
  return (userId) => ({ user_id: userId, ...(summaries.get(userId) ?? unknown) });
}
