import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { useMutation } from '@tanstack/react-query';
import { downloadTextFile } from '@/lib/download-file';
import type { PayloadDateRange } from '@/lib/format/calendar-date';
import { activityCsv, activityCsvFileName } from '../activity-csv';
import { fetchAllActivities } from '../api/fetch-all-activities';

/** Downloads the whole range (every page, not only the loaded ones) as CSV. */
export function ExportCsvButton({ range, isDisabled }: { range: PayloadDateRange; isDisabled: boolean }) {
  const exportCsv = useMutation({
    mutationFn: async () => {
      const activities = await fetchAllActivities(range);
      downloadTextFile(activityCsvFileName(), activityCsv(activities), 'text/csv;charset=utf-8');
    },
  });
  return (
    <Flex direction="column" gap="xs" alignItems="flex-end">
      <Button
        onClick={() => exportCsv.mutate()}
        isLoading={exportCsv.isPending}
        loadingText="Exporting…"
        isDisabled={isDisabled || exportCsv.isPending}
      >
        Export CSV
      </Button>
      {exportCsv.error ? (
        <Alert variation="error" role="alert">
          {exportCsv.error.message}
        </Alert>
      ) : null}
    </Flex>
  );
}
