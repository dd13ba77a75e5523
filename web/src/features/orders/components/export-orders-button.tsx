import { CsvExportButton } from '@/components/csv-export-button';
import { useBrokerAccounts } from '@/entities/broker-accounts/api/use-broker-accounts';
import { accountNamer } from '@/entities/orders/account-names';
import { fetchAllOrders } from '@/entities/orders/api/use-order-history';
import type { OrderFilters } from '@/entities/orders/order-filters';
import type { OrderHistoryKind } from '@/entities/orders/order-history-kind';
import { orderCsv, orderCsvFileName } from '../order-csv';

/** Downloads every order of the filters (every page, not only the loaded ones) as CSV, each with its account's name. */
export function ExportOrdersButton({ kind, filters, isDisabled }: { kind: OrderHistoryKind; filters: OrderFilters; isDisabled: boolean }) {
  const accounts = useBrokerAccounts();
  const buildFile = async () => ({ fileName: orderCsvFileName(kind), csv: orderCsv(await fetchAllOrders(kind, filters), accountNamer(accounts.data ?? [])) });
  return <CsvExportButton buildFile={buildFile} isDisabled={isDisabled} />;
}
