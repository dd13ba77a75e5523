import type { UserProfile } from '../../../shared/contracts/user-profile';
import { toUserProfile } from '../../data/user-item';
import { changeUserContact } from '../../data/users-repository';
import { now as clockNow } from '../../platform/clock';
import { ConflictError } from '../../platform/errors';
import type { Principal } from '../../platform/http/principal';
import type { Logger } from '../../platform/logger';
import { sendFranchiseMail } from '../../mail/franchise-mailer';
import { notifyUser } from '../../notifications/notify-user';
import { redeemOtp } from '../../otp/one-time-codes';
import type { ContactKind } from './contact-kinds';
import { assertValueFree, changeSubject, currentUser } from './request-contact-change';

/**
 * Step 'confirm': redeems the code issued for this very value, then swaps the value and its
 * uniqueness lookup in one transaction. After an email change the old address is told.
 */
export async function confirmContactChange(
  kind: ContactKind,
  owner: Pick<Principal, 'frchId' | 'userId'>,
  change: { newValue: string; otp: string },
  log: Logger,
  now = clockNow(),
): Promise<UserProfile> {
  const user = await currentUser(owner);
  await assertValueFree(kind, user, change.newValue);
  await redeemOtp(changeSubject(kind, owner, change.newValue), change.otp, now);
  const from = user[kind.field];
  const outcome = await changeUserContact(owner.frchId, owner.userId, { field: kind.field, from, to: change.newValue }, now);
  if (outcome === 'taken') throw new ConflictError(kind.inUseMessage);
  if (outcome === 'stale') throw new ConflictError('Your profile changed meanwhile. Please try again.');
  const notification = { notifyType: kind.notifyType, message: kind.changedMessage(change.newValue) };
  await notifyUser(owner.frchId, owner.userId, notification, log);
  if (kind.field === 'email') await tellOldAddress(owner.frchId, from, change.newValue, log);
  return toUserProfile(await currentUser(owner));
}

/** The change is done; a notice that cannot be sent is logged, not turned into an error. */
async function tellOldAddress(frchId: number, oldEmail: string, newEmail: string, log: Logger): Promise<void> {
  const text = `The email address of your TradeBridge account was changed to ${newEmail}. If this was not you, contact support at once.`;
  try {
    await sendFranchiseMail(frchId, { to: oldEmail, subject: 'Your TradeBridge email address was changed', text }, log);
  } catch (error) {
    log.warn('email change notice not sent', { error });
  }
}
