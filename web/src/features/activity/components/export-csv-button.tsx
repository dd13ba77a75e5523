import { CsvExportButton } from '@/components/csv-export-button';
import type { PayloadDateRange } from '@/lib/format/calendar-date';
import { activityCsv, activityCsvFileName } from '../activity-csv';
import { fetchAllActivities } from '../api/fetch-all-activities';

/** Downloads the whole range (every page, not only the loaded ones) as CSV. */
export function ExportCsvButton({ range, isDisabled }: { range: PayloadDateRange; isDisabled: boolean }) {
  const buildFile = async () => ({ fileName: activityCsvFileName(), csv: activityCsv(await fetchAllActivities(range)) });
  return <CsvExportButton buildFile={buildFile} isDisabled={isDisabled} />;
}
