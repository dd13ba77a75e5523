import type { RequestOf } from '../../shared/contracts/define-call';
import type { userContracts } from '../../shared/contracts/user';
import type { UserProfile } from '../../shared/contracts/user-profile';
import { updateProfile } from '../data/profile-repository';
import { toUserProfile } from '../data/user-item';
import { getUser } from '../data/users-repository';
import { now as clockNow } from '../platform/clock';
import { BusinessRuleError, NotFoundError } from '../platform/errors';
import { fileKeys } from '../platform/files/file-keys';
import { publicUrl, putFile } from '../platform/files/file-store';
import type { UploadedFile } from '../platform/files/image-upload';
import type { Principal } from '../platform/http/principal';

export type ProfileUpdate = RequestOf<typeof userContracts.updateUserProfile>;

export const MOBILE_CHANGE_MESSAGE = 'Use Change mobile number to update your mobile number.';

/**
 * Stores the picture at the user's fixed location and answers its URL with the upload time as a
 * version, so browsers and CloudFront fetch the new picture instead of a cached one (spec §7).
 */
async function storeProfilePicture(owner: Principal, picture: UploadedFile, now: Date): Promise<string> {
  const key = fileKeys.profileImage(owner.frchId, owner.userId);
  await putFile(key, picture.bytes, picture.type);
  return `${publicUrl(key)}?v=${now.getTime()}`;
}

/**
 * Updates the caller's names, place and age range, and the picture if one was sent. The mobile
 * number only changes through its OTP call: here it may be sent, but only unchanged.
 */
export async function updateOwnProfile(owner: Principal, input: ProfileUpdate, picture: UploadedFile | undefined, now = clockNow()): Promise<UserProfile> {
  const user = await getUser(owner.frchId, owner.userId);
  if (!user) throw new NotFoundError('User not found');
  if (input.mobile_no !== undefined && input.mobile_no !== user.mobile_no) throw new BusinessRuleError(MOBILE_CHANGE_MESSAGE);
  const profileImage = picture ? await storeProfilePicture(owner, picture, now) : undefined;
  const updated = await updateProfile(
    owner.frchId,
    owner.userId,
    {
      first_name: input.first_name,
      last_name: input.last_name,
      state: input.state,
      city: input.city,
      age_range: input.age_range,
      profile_image: profileImage,
    },
    now,
  );
  return toUserProfile(updated);
}
