import type { z } from 'zod';
import { userContracts } from '@shared/contracts/user';
import type { UserProfile } from '@shared/contracts/user-profile';
import { ageRangeSchema } from '@shared/domain/ranges';
import { fieldErrorsOf, type FieldErrors } from '@/lib/field-errors';

export type ProfileFields = z.input<typeof userContracts.updateUserProfile.request>;

export interface ProfileUpdate {
  fields: ProfileFields;
  /** A new picture, or null to keep the current one. */
  picture: File | null;
}

/** The editable text of the profile; an empty age range means "not given". */
export type ProfileFormValues = {
  first_name: string;
  last_name: string;
  state: string;
  city: string;
  age_range: string;
};

export function profileFormValues(profile: UserProfile): ProfileFormValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    state: profile.state,
    city: profile.city,
    age_range: profile.age_range ?? '',
  };
}

export function toProfileFields(values: ProfileFormValues): ProfileFields {
  const { age_range, ...fields } = values;
  const ageRange = ageRangeSchema.safeParse(age_range);
  return ageRange.success ? { ...fields, age_range: ageRange.data } : fields;
}

/** The contract's own messages, one per field. */
export function validateProfileForm(values: ProfileFormValues): FieldErrors {
  return fieldErrorsOf(userContracts.updateUserProfile.request, toProfileFields(values));
}
