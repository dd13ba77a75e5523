import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { defaultHistoryRange, payloadToDisplayDate, type PayloadDateRange } from '@/lib/format/calendar-date';
import { useActivityLogs } from '../api/use-activity-logs';
import { ActivityTable } from '@/entities/activity/activity-table';
import { DateRangeForm } from '@/components/date-range-form';
import { ExportCsvButton } from '../components/export-csv-button';
import '../activity.css';

/** The user's activity log (spec §2 /activitylogs): a date range (last 30 days first), paging, CSV export. */
export function ActivityLogsPage() {
  const [range, setRange] = useState<PayloadDateRange>(() => defaultHistoryRange());
  const logs = useActivityLogs(range);
  const activities = logs.data?.pages.flatMap((page) => page.items) ?? [];
  const period = `${payloadToDisplayDate(range.from_date)} and ${payloadToDisplayDate(range.to_date)}`;

  return (
    <Flex direction="column" gap="large" className="activity-logs-page">
      <Heading level={2}>Activity Logs</Heading>
      <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="medium">
        <DateRangeForm label="Date range" range={range} onApply={setRange} isDisabled={logs.isFetching} />
        <ExportCsvButton range={range} isDisabled={activities.length === 0} />
      </Flex>
      {logs.isPending ? <LoadingState label="Loading activity…" /> : null}
      {logs.isError ? <ErrorState message={logs.error.message} onRetry={() => void logs.refetch()} /> : null}
      {logs.isSuccess && activities.length === 0 ? (
        <Text variation="secondary">No activity recorded between {period}.</Text>
      ) : null}
      {activities.length > 0 ? <ActivityTable activities={activities} /> : null}
      {logs.hasNextPage ? (
        <Flex justifyContent="center">
          <Button
            onClick={() => void logs.fetchNextPage()}
            isLoading={logs.isFetchingNextPage}
            loadingText="Loading…"
            isDisabled={logs.isFetchingNextPage}
          >
            Load more
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
