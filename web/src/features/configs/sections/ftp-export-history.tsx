import { Flex, Text } from '@aws-amplify/ui-react';
import type { FtpExportRun } from '@shared/contracts/ftp';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { errorText } from '@/lib/error-text';
import { payloadToDisplayDate } from '@/lib/format/calendar-date';
import { formatDateTime } from '@/lib/format/date-time';
import { formatCount } from '@/lib/format/number';
import { useFtpExports } from '../api/use-ftp-export';

const STATUS_TEXT: Readonly<Record<FtpExportRun['status'], string>> = { running: 'Sending', succeeded: 'Sent', failed: 'Failed' };

const COLUMNS: readonly TableColumn<FtpExportRun>[] = [
  { header: 'Started', key: 'started', card: 'title', cell: (run) => formatDateTime(run.started_at) },
  { header: 'Day', key: 'day', card: 'lead', cell: (run) => payloadToDisplayDate(run.day) },
  { header: 'How', key: 'trigger', priority: 'low', cell: (run) => (run.trigger === 'manual' ? 'Send now' : 'Nightly') },
  { header: 'Result', key: 'status', card: 'lead', cell: (run) => STATUS_TEXT[run.status] },
  { header: 'Tries', key: 'attempts', numeric: true, priority: 'medium', cell: (run) => formatCount(run.attempts) },
  { header: 'Rows (orders, ledger, payments)', key: 'rows', priority: 'medium', cell: (run) => run.files.map((file) => formatCount(file.rows)).join(' · ') },
  { header: 'Server said', key: 'error', wrap: true, cell: (run) => run.error ?? '' },
];

/** The export runs of the franchise, newest first: when, which day, how started, the outcome, the rows sent and the server's words. */
export function FtpExportHistory() {
  const runs = useFtpExports();
  return (
    <Flex direction="column" gap="small">
      <Text fontWeight="bold">Export history</Text>
      {runs.isPending ? <LoadingState label="Loading exports…" /> : null}
      {runs.isError ? <ErrorState message={errorText(runs.error)} onRetry={() => void runs.refetch()} /> : null}
      {runs.isSuccess && runs.data.items.length === 0 ? <Text variation="secondary">No export has been sent yet.</Text> : null}
      {runs.isSuccess && runs.data.items.length > 0 ? (
        <ColumnTable
          className="configs-page__exports"
          caption="Export history"
          columns={COLUMNS}
          rows={runs.data.items}
          rowKey={(run) => run.run_id}
          rowName={(run) => `Export of ${payloadToDisplayDate(run.day)} started ${formatDateTime(run.started_at)}`}
        />
      ) : null}
    </Flex>
  );
}
