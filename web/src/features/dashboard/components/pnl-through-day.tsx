import { Card, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AccountPnl } from '@shared/contracts/dashboard';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { formatTime } from '@/lib/format/date-time';
import { formatMoneyExact } from '@/lib/format/money';
import { usePnlSeries } from '../api/use-pnl-series';
import { linePointsOf, lineSummaryOf, type LineSummary } from '../pnl-line';

const TimeLineChart = lazy(() => import('@/components/charts/time-line-chart'));

const ALL = 'all';
const hhmm = (at: string) => formatTime(at).slice(0, 5);

function summaryText(summary: LineSummary): string {
  const { now, high, low } = summary;
  return `Now ${formatMoneyExact(now.total_pnl)} at ${hhmm(now.at)}; best ${formatMoneyExact(high.total_pnl)} at ${hhmm(high.at)}, worst ${formatMoneyExact(low.total_pnl)} at ${hhmm(low.at)}.`;
}

/** Today's P&L through the day as a line, over every account or the one chosen. */
export function PnlThroughDay({ accounts }: { accounts: readonly AccountPnl[] }) {
  const [chosen, setChosen] = useState<string>(ALL);
  const series = usePnlSeries(chosen === ALL ? null : chosen);
  const points = useMemo(() => linePointsOf(series.data?.points ?? []), [series.data]);
  const summary = series.data ? lineSummaryOf(series.data.points) : null;
  const noFills = series.data?.fills === 0;

  return (
    <Card as="section" variation="outlined" className="pnl-through-day" aria-label="Today's P&L through the day">
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="small">
          <Heading level={3} className="figure-card__title">
            Today&apos;s P&amp;L through the day
          </Heading>
          {accounts.length > 1 ? (
            <SelectField label="Account" size="small" value={chosen} onChange={(event) => setChosen(event.target.value)} className="pnl-through-day__account">
              <option value={ALL}>All accounts</option>
              {accounts.map((account) => (
                <option key={account.broker_id} value={account.broker_id}>
                  {account.broker_combined_name}
                </option>
              ))}
            </SelectField>
          ) : null}
        </Flex>
        {series.isPending ? <LoadingState label="Loading today's P&L…" /> : null}
        {series.isError ? <ErrorState message={series.error.message} onRetry={() => void series.refetch()} /> : null}
        {summary && !noFills ? (
          <>
            <Text data-testid="pnl-line-summary">{summaryText(summary)}</Text>
            <Suspense fallback={<LoadingState label="Loading the chart…" />}>
              <TimeLineChart tone="profit-loss" className="pnl-day-chart" points={points} label={`Today's P&L through the day. ${summaryText(summary)}`} />
            </Suspense>
          </>
        ) : null}
        {noFills ? <Text variation="secondary">No fills today yet: the line starts with your first filled order.</Text> : null}
        <Text variation="secondary" fontSize="small">
          Built from today&apos;s filled orders on this platform, valued at each minute&apos;s price. Positions carried from earlier days and trades placed
          outside the platform are in the figures above, not in this line.
        </Text>
        <Link className="amplify-link figure-card__link" to={paths.orderHistory}>
          Today&apos;s orders
        </Link>
      </Flex>
    </Card>
  );
}
