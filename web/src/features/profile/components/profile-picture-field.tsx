import { Flex, Image, Label, Text } from '@aws-amplify/ui-react';
import { useId, useState, type ChangeEvent } from 'react';
import { filePartProblem } from '@/lib/file-part-check';
import { useImagePreview } from '../hooks/use-image-preview';
import { PROFILE_PICTURE_ACCEPT, PROFILE_PICTURE_PART } from '../profile-picture';
import { ProfilePicture } from './profile-picture';

interface ProfilePictureFieldProps {
  email: string;
  currentUrl: string | null;
  picture: File | null;
  onPictureChange: (picture: File | null) => void;
  /** A message about the picture from the server, shown when the browser found nothing wrong. */
  serverError: string | undefined;
  isDisabled: boolean;
}

/**
 * Choosing a new picture: the browser refuses a wrong type or an oversized file before anything is
 * sent (the server checks again), and shows the chosen picture before it is saved.
 */
export function ProfilePictureField({ email, currentUrl, picture, onPictureChange, serverError, isDisabled }: ProfilePictureFieldProps) {
  const inputId = useId();
  const errorId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useImagePreview(picture);
  const message = problem ?? serverError;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const refusal = file ? filePartProblem(PROFILE_PICTURE_PART, file) : null;
    setProblem(refusal);
    onPictureChange(refusal ? null : file);
    if (refusal) event.target.value = '';
  };

  return (
    <Flex direction="column" gap="xs" className="profile-picture-field">
      <Label htmlFor={inputId}>Profile picture</Label>
      <Flex alignItems="center" gap="medium" wrap="wrap">
        {preview ? (
          <Image src={preview} alt="New profile picture preview" className="profile-picture-field__preview" />
        ) : (
          <ProfilePicture email={email} pictureUrl={currentUrl} />
        )}
        <input
          id={inputId}
          type="file"
          name="profile"
          accept={PROFILE_PICTURE_ACCEPT}
          onChange={choose}
          disabled={isDisabled}
          aria-invalid={Boolean(message)}
          aria-describedby={errorId}
          className="profile-picture-field__input"
        />
      </Flex>
      <Text id={errorId} fontSize="small" variation={message ? 'error' : 'secondary'} role={message ? 'alert' : undefined}>
        {message ?? 'PNG, JPEG or WebP, at most 2 MB.'}
      </Text>
    </Flex>
  );
}
