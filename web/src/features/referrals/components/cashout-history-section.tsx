import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ColumnTable } from '@/components/column-table';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useOwnCashouts } from '../api/use-referral-reads';
import { paiseText } from '../money-text';
import { CASHOUT_COLUMNS } from './cashout-columns';

/** The caller's cash-outs with their states (a withdrawal waits for the broker). */
export function CashoutHistorySection() {
  const query = useOwnCashouts();
  return (
    <Card as="section" variation="outlined" aria-label="Cash-out history">
      <Flex direction="column" gap="medium">
        <Heading level={3}>Cash-out history</Heading>
        {query.isPending ? <LoadingState label="Loading your cash-outs…" /> : null}
        {query.isError ? <ErrorState message={query.error.message} onRetry={() => void query.refetch()} /> : null}
        {query.isSuccess && query.data.items.length === 0 ? <Text variation="secondary">You have not cashed out yet.</Text> : null}
        {query.isSuccess && query.data.items.length > 0 ? (
          <ColumnTable
            className="referral-table"
            caption="Your cash-outs, times in Asia/Kolkata"
            columns={CASHOUT_COLUMNS}
            rows={query.data.items}
            rowKey={(cashout) => cashout.cashout_id}
            rowName={(cashout) => `${paiseText(cashout.amount_paise)} ${cashout.status_text}`}
          />
        ) : null}
      </Flex>
    </Card>
  );
}
