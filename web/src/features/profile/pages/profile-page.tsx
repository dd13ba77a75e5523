import { Alert, Card, Flex, Heading } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { AlertsSwitch } from '../components/alerts-switch';
import { ContactChangeDialog } from '../components/contact-change-dialog';
import { ProfileDetails } from '../components/profile-details';
import { ProfileForm } from '../components/profile-form';
import { CONTACT_CHANGES, type ContactKind } from '../contact-changes';
import '../profile.css';

const PROFILE_SAVED_NOTICE = 'Your profile has been saved.';

/** The signed-in user's profile (spec §3): view, edit with picture upload, and OTP-confirmed contact changes. */
export function ProfilePage() {
  const profile = useUserProfile();
  const [isEditing, setIsEditing] = useState(false);
  const [contactChange, setContactChange] = useState<ContactKind | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const finish = (message: string) => {
    setNotice(message);
    setIsEditing(false);
    setContactChange(null);
  };

  return (
    <Flex direction="column" gap="large" className="profile-page">
      <Heading level={2}>Profile</Heading>
      {notice ? (
        <Alert variation="success" role="status" className="profile-page__notice" isDismissible onDismiss={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {profile.isPending ? <LoadingState label="Loading your profile…" /> : null}
      {profile.isError ? <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} /> : null}
      {profile.data ? (
        <Card variation="outlined" className="profile-page__card">
          {isEditing ? (
            <ProfileForm profile={profile.data} onSaved={() => finish(PROFILE_SAVED_NOTICE)} onCancel={() => setIsEditing(false)} />
          ) : (
            <ProfileDetails
              profile={profile.data}
              onEdit={() => {
                setNotice(null);
                setIsEditing(true);
              }}
              onChangeContact={(kind) => {
                setNotice(null);
                setContactChange(kind);
              }}
            />
          )}
        </Card>
      ) : null}
      {profile.data ? <AlertsSwitch /> : null}
      {contactChange ? (
        <ContactChangeDialog change={CONTACT_CHANGES[contactChange]} onDone={finish} onClose={() => setContactChange(null)} />
      ) : null}
    </Flex>
  );
}
