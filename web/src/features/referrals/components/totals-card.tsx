import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type * as z from 'zod';
import type { referralTotalsSchema } from '@shared/contracts/referrals';
import { paiseText } from '../money-text';

type Totals = z.infer<typeof referralTotalsSchema>;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Flex direction="column" gap="xxs" className="referral-totals__figure">
      <Text variation="secondary" fontSize="small">
        {label}
      </Text>
      <Text fontWeight="semibold" aria-label={label}>
        {value}
      </Text>
    </Flex>
  );
}

/** What the caller earned, cashed out and may still cash out, and how many people it referred. */
export function TotalsCard({ totals, onCashOut }: { totals: Totals; onCashOut: () => void }) {
  return (
    <Card as="section" variation="outlined" aria-label="Referral earnings">
      <Flex direction="column" gap="medium">
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
          <Heading level={3}>Earnings</Heading>
          <Button variation="primary" onClick={onCashOut} isDisabled={totals.balance_paise < 100}>
            Cash out
          </Button>
        </Flex>
        <div className="referral-totals">
          <Figure label="Available to cash out" value={paiseText(totals.balance_paise)} />
          <Figure label="Earned in all" value={paiseText(totals.earned_paise)} />
          <Figure label="Cashed out" value={paiseText(totals.cashed_out_paise)} />
          <Figure label="Withdrawals in progress" value={paiseText(totals.pending_cashout_paise)} />
          <Figure label="People referred" value={String(totals.referred_count)} />
          <Figure label="Active referrals" value={String(totals.active_count)} />
        </div>
      </Flex>
    </Card>
  );
}
