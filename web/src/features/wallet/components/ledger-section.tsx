import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { CsvExportButton } from '@/components/csv-export-button';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { defaultHistoryRange, payloadToDisplayDate, type PayloadDateRange } from '@/lib/format/calendar-date';
import { fetchWholeLedger, useLedger } from '../api/use-ledger';
import { balancePointsOf } from '../balance-line';
import { ledgerCsv, ledgerCsvFileName } from '../ledger-csv';
import { DateRangeForm } from '@/components/date-range-form';
import { LedgerTable } from '@/entities/wallet/ledger-table';

const TimeLineChart = lazy(() => import('@/components/charts/time-line-chart'));

/** The ledger of a date range (last 30 days first) with its balance-over-time chart and CSV export. */
export function LedgerSection() {
  const [range, setRange] = useState<PayloadDateRange>(() => defaultHistoryRange());
  const ledger = useLedger(range);
  const entries = useMemo(() => ledger.data?.pages.flatMap((page) => page.items) ?? [], [ledger.data]);
  const points = useMemo(() => balancePointsOf(entries), [entries]);
  const period = `${payloadToDisplayDate(range.from_date)} and ${payloadToDisplayDate(range.to_date)}`;
  const buildFile = async () => ({ fileName: ledgerCsvFileName(), csv: ledgerCsv(await fetchWholeLedger(range)) });

  return (
    <Card as="section" variation="outlined" aria-label="Ledger">
      <Flex direction="column" gap="medium">
        <Heading level={3}>Ledger</Heading>
        <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="medium">
          <DateRangeForm label="Ledger dates" range={range} onApply={setRange} isDisabled={ledger.isFetching} />
          <CsvExportButton buildFile={buildFile} isDisabled={entries.length === 0} />
        </Flex>
        {ledger.isPending ? <LoadingState label="Loading the ledger…" /> : null}
        {ledger.isError ? <ErrorState message={ledger.error.message} onRetry={() => void ledger.refetch()} /> : null}
        {ledger.isSuccess && entries.length === 0 ? <Text variation="secondary">No credits or debits between {period}.</Text> : null}
        {points.length > 1 ? (
          <Suspense fallback={<LoadingState label="Loading the chart…" />}>
            <TimeLineChart tone="level" className="wallet-balance-chart" points={points} label={`Balance over time between ${period}`} />
          </Suspense>
        ) : null}
        {entries.length > 0 ? <LedgerTable entries={entries} /> : null}
        {ledger.hasNextPage ? (
          <Flex justifyContent="center">
            <Button onClick={() => void ledger.fetchNextPage()} isLoading={ledger.isFetchingNextPage} loadingText="Loading…" isDisabled={ledger.isFetchingNextPage}>
              Load more
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
