import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { formatMoneyExact } from '@/lib/format/money';

/** The wallet's balance, exact with Indian grouping (₹12,34,567.50). */
export function BalanceCard() {
  const profile = useUserProfile();
  return (
    <Card as="section" variation="outlined" aria-label="Balance">
      <Flex direction="column" gap="xs">
        <Heading level={3}>Balance</Heading>
        {profile.isPending ? <LoadingState label="Loading the balance…" /> : null}
        {profile.isError ? <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} /> : null}
        {profile.data ? (
          <Text fontSize="xxl" fontWeight="bold" data-testid="wallet-balance">
            {formatMoneyExact(profile.data.current_credit)}
          </Text>
        ) : null}
        <Text variation="secondary" fontSize="small">
          One credit is one rupee. Credit pays for broker plans and other services on the platform.
        </Text>
      </Flex>
    </Card>
  );
}
