import { Alert, Button, Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { UserProfile } from '@shared/contracts/user-profile';
import { AGE_RANGES } from '@shared/domain/ranges';
import { ApiError } from '@/lib/api-error';
import { fieldErrorsFromDetails, hasFieldErrors, type FieldErrors } from '@/lib/field-errors';
import { useFormValues } from '@/lib/use-form-values';
import { useUpdateProfile } from '../api/use-update-profile';
import { profileFormValues, toProfileFields, validateProfileForm, type ProfileFormValues } from '../profile-form-values';
import { ProfilePictureField } from './profile-picture-field';

interface ProfileFormProps {
  profile: UserProfile;
  onSaved: () => void;
  onCancel: () => void;
}

/** Names, place, age range and picture; saved in one multipart call. */
export function ProfileForm({ profile, onSaved, onCancel }: ProfileFormProps) {
  const updateProfile = useUpdateProfile();
  const [initialValues] = useState(() => profileFormValues(profile));
  const { values, bind } = useFormValues(initialValues);
  const [picture, setPicture] = useState<File | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const isSubmitting = updateProfile.isPending;

  const serverErrors = updateProfile.error instanceof ApiError ? fieldErrorsFromDetails(updateProfile.error.details) : {};
  const errorFor = (name: string) => fieldErrors[name] ?? serverErrors[name];
  const field = (name: keyof ProfileFormValues) => ({
    ...bind(name),
    hasError: Boolean(errorFor(name)),
    errorMessage: errorFor(name),
    isDisabled: isSubmitting,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validateProfileForm(values);
    setFieldErrors(errors);
    if (!hasFieldErrors(errors)) updateProfile.mutate({ fields: toProfileFields(values), picture }, { onSuccess: onSaved });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Edit profile">
      <Flex direction="column" gap="medium">
        {updateProfile.error ? (
          <Alert variation="error" role="alert">
            {updateProfile.error.message}
          </Alert>
        ) : null}
        <ProfilePictureField
          email={profile.email}
          currentUrl={profile.profile_image}
          picture={picture}
          onPictureChange={setPicture}
          serverError={errorFor('profile')}
          isDisabled={isSubmitting}
        />
        <Flex gap="medium" wrap="wrap">
          <TextField label="First name" autoComplete="given-name" flex="1 1 12rem" {...field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" flex="1 1 12rem" {...field('last_name')} />
        </Flex>
        <Flex gap="medium" wrap="wrap">
          <TextField label="State" autoComplete="address-level1" flex="1 1 12rem" {...field('state')} />
          <TextField label="City" autoComplete="address-level2" flex="1 1 12rem" {...field('city')} />
        </Flex>
        <SelectField label="Age range" {...field('age_range')}>
          <option value="">Not given</option>
          {AGE_RANGES.map((range) => (
            <option key={range} value={range}>
              {range}
            </option>
          ))}
        </SelectField>
        <Flex gap="small" justifyContent="flex-end">
          <Button onClick={onCancel} isDisabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Saving…" isDisabled={isSubmitting}>
            Save profile
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
