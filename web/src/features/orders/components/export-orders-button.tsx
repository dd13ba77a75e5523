import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { useMutation } from '@tanstack/react-query';
import { fetchAllOrders } from '@/entities/orders/api/use-order-history';
import type { OrderFilters } from '@/entities/orders/order-filters';
import type { OrderHistoryKind } from '@/entities/orders/order-history-kind';
import { downloadTextFile } from '@/lib/download-file';
import { orderCsv, orderCsvFileName } from '../order-csv';

/** Downloads every order of the filters (every page, not only the loaded ones) as CSV. */
export function ExportOrdersButton({ kind, filters, isDisabled }: { kind: OrderHistoryKind; filters: OrderFilters; isDisabled: boolean }) {
  const exportCsv = useMutation({
    mutationFn: async () => {
      const orders = await fetchAllOrders(kind, filters);
      downloadTextFile(orderCsvFileName(kind), orderCsv(orders), 'text/csv;charset=utf-8');
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
