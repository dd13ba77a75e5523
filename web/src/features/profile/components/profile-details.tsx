import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { UserProfile } from '@shared/contracts/user-profile';
import { profileDisplayName } from '@/entities/profile/profile-display';
import type { ContactKind } from '../contact-changes';
import { ProfilePicture } from './profile-picture';

interface ProfileDetailsProps {
  profile: UserProfile;
  onEdit: () => void;
  onChangeContact: (kind: ContactKind) => void;
}

const NOT_GIVEN = 'Not given';

/** The profile as it is: picture, name, contact details (each with its change dialog), place and age range. */
export function ProfileDetails({ profile, onEdit, onChangeContact }: ProfileDetailsProps) {
  const rows: readonly { label: string; value: string; change?: ContactKind }[] = [
    { label: 'Email', value: profile.email, change: 'email' },
    { label: 'Mobile number', value: profile.mobile_no || NOT_GIVEN, change: 'mobile' },
    { label: 'State', value: profile.state || NOT_GIVEN },
    { label: 'City', value: profile.city || NOT_GIVEN },
    { label: 'Age range', value: profile.age_range ?? NOT_GIVEN },
  ];
  return (
    <Flex direction="column" gap="medium">
      <Flex alignItems="center" gap="medium" wrap="wrap">
        <ProfilePicture email={profile.email} pictureUrl={profile.profile_image} />
        <Flex direction="column" gap="xxxs" flex="1 1 12rem">
          <Heading level={3} className="profile-details__name">
            {profileDisplayName(profile)}
          </Heading>
          <Text variation="secondary" fontSize="small">
            {profile.profile_status === 'active' ? 'Active account' : 'Inactive account'}
          </Text>
        </Flex>
        <Button onClick={onEdit}>Edit profile</Button>
      </Flex>
      <dl className="profile-details__list">
        {rows.map((row) => (
          <div key={row.label} className="profile-details__row">
            <dt>{row.label}</dt>
            <dd>
              <span className="profile-details__value">{row.value}</span>
              {row.change ? <ChangeButton kind={row.change} label={row.label} onChange={onChangeContact} /> : null}
            </dd>
          </div>
        ))}
      </dl>
    </Flex>
  );
}

interface ChangeButtonProps {
  kind: ContactKind;
  label: string;
  onChange: (kind: ContactKind) => void;
}

function ChangeButton({ kind, label, onChange }: ChangeButtonProps) {
  return (
    <Button size="small" variation="link" onClick={() => onChange(kind)}>
      Change {label.toLowerCase()}
    </Button>
  );
}
