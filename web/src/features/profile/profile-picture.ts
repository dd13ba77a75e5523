import { userContracts } from '@shared/contracts/user';
import { acceptAttribute, filePartOf } from '@/lib/file-part-check';

/** The profile picture part of the update call: png, jpeg or webp, at most 2 MB. */
export const PROFILE_PICTURE_PART = filePartOf(userContracts.updateUserProfile, 'profile');
export const PROFILE_PICTURE_ACCEPT = acceptAttribute(PROFILE_PICTURE_PART);
