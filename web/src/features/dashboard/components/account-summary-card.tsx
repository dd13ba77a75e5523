import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { UserProfile } from '@shared/contracts/user-profile';
import { profileDisplayName } from '@/entities/profile/profile-display';
import { formatNumber } from '@/lib/format-number';
import { RoleFlagList } from './role-flags';

/** Who is signed in: name, email, wallet credit and role flags, straight from the profile. */
export function AccountSummaryCard({ profile }: { profile: UserProfile }) {
  return (
    <Card className="account-summary" variation="outlined">
      <Flex direction="column" gap="medium">
        <Flex direction="column" gap="xxxs">
          <Text variation="secondary" fontSize="small">
            Signed in as
          </Text>
          <Heading level={3}>{profileDisplayName(profile)}</Heading>
          <Text className="account-summary__email">{profile.email}</Text>
        </Flex>
        <Flex direction="column" gap="xxxs">
          <Text variation="secondary" fontSize="small">
            Current credit
          </Text>
          <Text fontSize="xl" fontWeight="bold">
            {formatNumber(profile.current_credit)}
          </Text>
        </Flex>
        <RoleFlagList flags={profile} />
      </Flex>
    </Card>
  );
}
