import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { useMutation } from '@tanstack/react-query';
import { downloadTextFile } from '@/lib/download-file';

export interface CsvFile {
  readonly fileName: string;
  readonly csv: string;
}

/** "Export CSV": builds the file when clicked (e.g. reading every page of a listing), downloads it, and shows why when it cannot. */
export function CsvExportButton({ buildFile, isDisabled }: { buildFile: () => Promise<CsvFile>; isDisabled: boolean }) {
  const exportCsv = useMutation({
    mutationFn: async () => {
      const { fileName, csv } = await buildFile();
      downloadTextFile(fileName, csv, 'text/csv;charset=utf-8');
    },
  });
  return (
    <Flex direction="column" gap="xs" alignItems="flex-end">
      <Button onClick={() => exportCsv.mutate()} isLoading={exportCsv.isPending} loadingText="Exporting…" isDisabled={isDisabled || exportCsv.isPending}>
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
