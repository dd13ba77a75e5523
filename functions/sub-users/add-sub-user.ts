import type { z } from 'zod';
import type { subUserContracts, SubUser } from '../../shared/contracts/subusers';
import { createSubUser } from '../data/sub-users/sub-users-repository';
import type { ContactField } from '../data/users-repository';
import { getUser } from '../data/users-repository';
import { DomainError, NotFoundError } from '../platform/errors';
import type { Principal } from '../platform/http/principal';
import type { Logger } from '../platform/logger';
import { defaultReferralBp, toSubUser } from './sub-user-view';
import { sendWelcomeMail } from './welcome-mail';

export type AddSubUserInput = z.infer<typeof subUserContracts.addSubUser.request>;

export const DUPLICATE_MESSAGES: Readonly<Record<ContactField, string>> = {
  email: 'A user with this email already exists.',
  mobile_no: 'A user with this mobile number already exists.',
};

/** 409 naming the taken field(s) in the message and in `details`, as validation errors name theirs. */
function duplicateError(fields: readonly ContactField[]): DomainError {
  const details = fields.map((field) => ({ path: field, message: DUPLICATE_MESSAGES[field] }));
  return new DomainError(409, 'CONFLICT', details[0]?.message ?? DUPLICATE_MESSAGES.email, details);
}

/**
 * Adds a user under the caller (ADR 0013: its `parent_user_id` is the caller, whatever the caller's role)
 * and mails it a link to choose a password. A taken email or mobile in the franchise → 409 by field. The
 * user is created even when the mail cannot go: `mail_sent` says so, and the parent sees `password_set`.
 */
export async function addSubUser(
  principal: Principal,
  input: AddSubUserInput,
  context: { readonly origin: string; readonly log: Logger },
): Promise<{ sub_user: SubUser; mail_sent: boolean }> {
  const parent = await getUser(principal.frchId, principal.userId);
  if (!parent) throw new NotFoundError('User not found');
  const outcome = await createSubUser({ frchId: principal.frchId, userId: principal.userId }, input);
  if (outcome.kind === 'taken') throw duplicateError(outcome.fields);
  if (outcome.kind !== 'created') throw new Error(`Unexpected outcome creating a sub-user: ${outcome.kind}`);
  const [mailSent, defaultBp] = await Promise.all([sendWelcomeMail(outcome.user, parent, context.origin, context.log), defaultReferralBp(principal.frchId)]);
  return { sub_user: toSubUser(outcome.user, defaultBp), mail_sent: mailSent };
}
