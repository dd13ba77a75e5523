import type { UserProfile } from '@shared/contracts/user-profile';

/** "First Last", or the email when the profile has no name. */
export function profileDisplayName(profile: Pick<UserProfile, 'first_name' | 'last_name' | 'email'>): string {
  return `${profile.first_name} ${profile.last_name}`.trim() || profile.email;
}

/** Spec §2: without a profile picture the avatar shows the email's initial, or A. */
export function avatarInitial(email: string | undefined): string {
  return email?.trim().charAt(0).toUpperCase() || 'A';
}
