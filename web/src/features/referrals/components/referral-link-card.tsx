import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { CopyableCode } from '@/components/copyable-code/copyable-code';

interface ReferralLinkCardProps {
  code: string;
  link: string;
  percent: number;
}

/** The caller's code and registration link, each with its copy button (spec: 'Copied successfully!'). */
export function ReferralLinkCard({ code, link, percent }: ReferralLinkCardProps) {
  return (
    <Card as="section" variation="outlined" aria-label="Your referral link">
      <Flex direction="column" gap="medium">
        <Heading level={3}>Invite people</Heading>
        <Text variation="secondary">
          When someone registers with your code, you earn {percent}% of every payment they make into their wallet.
        </Text>
        {code ? (
          <>
            <CopyableCode title="Referral code" code={code} />
            <CopyableCode title="Referral link" code={link} />
          </>
        ) : (
          <Text>Your account has no referral code yet. Please contact your broker.</Text>
        )}
      </Flex>
    </Card>
  );
}
