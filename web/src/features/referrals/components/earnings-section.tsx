import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense, useMemo } from 'react';
import type * as z from 'zod';
import type { referralEarningSchema } from '@shared/contracts/referrals';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatDateTime } from '@/lib/format/date-time';
import { useReferralEarnings } from '../api/use-referral-reads';
import { earningsPointsOf } from '../earnings-line';
import { paiseText } from '../money-text';

const TimeLineChart = lazy(() => import('@/components/charts/time-line-chart'));

type Earning = z.infer<typeof referralEarningSchema>;

const COLUMNS: readonly TableColumn<Earning>[] = [
  { header: 'Date-time', key: 'time', card: 'lead', cell: (earning) => formatDateTime(earning.created_at) },
  { header: 'Referred user', key: 'user', card: 'title', cell: (earning) => earning.referred_user_name },
  { header: 'Paid by', key: 'source', priority: 'low', cell: (earning) => (earning.source === 'phonepe' ? 'PhonePe' : 'Bank transfer') },
  { header: 'Payment', key: 'payment', numeric: true, cell: (earning) => paiseText(earning.payment_amount_paise) },
  { header: 'Percent', key: 'percent', numeric: true, priority: 'medium', cell: (earning) => `${earning.percent}%` },
  { header: 'You earned', key: 'earned', numeric: true, card: 'lead', cell: (earning) => paiseText(earning.earned_paise) },
];

/** What each payment of a referred user earned, and the earnings added up over time. */
export function EarningsSection() {
  const query = useReferralEarnings();
  const earnings = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const points = useMemo(() => earningsPointsOf(earnings), [earnings]);
  return (
    <Card as="section" variation="outlined" aria-label="Earnings per payment">
      <Flex direction="column" gap="medium">
        <Heading level={3}>Earnings per payment</Heading>
        {query.isPending ? <LoadingState label="Loading your earnings…" /> : null}
        {query.isError ? <ErrorState message={query.error.message} onRetry={() => void query.refetch()} /> : null}
        {query.isSuccess && earnings.length === 0 ? <Text variation="secondary">No earnings yet: they appear when a person you referred pays.</Text> : null}
        {points.length > 1 ? (
          <Suspense fallback={<LoadingState label="Loading the chart…" />}>
            <TimeLineChart tone="level" className="referral-earnings-chart" points={points} label="Referral earnings over time" />
          </Suspense>
        ) : null}
        {earnings.length > 0 ? (
          <ColumnTable
            className="referral-table"
            caption="Earnings per payment, times in Asia/Kolkata"
            columns={COLUMNS}
            rows={earnings}
            rowKey={(earning) => earning.payment_id}
            rowName={(earning) => `${earning.referred_user_name} ${paiseText(earning.earned_paise)}`}
          />
        ) : null}
        {query.hasNextPage ? (
          <Flex justifyContent="center">
            <Button onClick={() => void query.fetchNextPage()} isLoading={query.isFetchingNextPage} loadingText="Loading…">
              Load more
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
