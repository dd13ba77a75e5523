import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState, type ReactNode } from 'react';
import { FRANCHISE_PAYMENT_STATUS_LABELS, FRANCHISE_PAYMENT_STATUSES, PAYMENT_METHOD_LABELS, type FranchisePayment } from '@shared/contracts/franchise-money';
import { CsvExportButton } from '@/components/csv-export-button';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { OffsetPager } from '@/components/offset-pager';
import { fetchAllPayments, MONEY_PAGE_SIZE, useFranchisePayments } from '../api/use-franchise-money';
import { paymentsCsv, paymentsCsvFileName } from '../money-csv';
import { defaultPaymentFilters, type PaymentFilters } from '../money-filters';
import { countText, paiseText } from '../money-words';
import { FranchisePaymentsTable } from './franchise-payments-table';
import { MoneyFiltersForm, type FilterSelect } from './money-filters-form';

const SELECTS: readonly FilterSelect<PaymentFilters>[] = [
  { field: 'method', label: 'Method', choices: [{ value: 'all', label: 'Every method' }, ...(['PHONEPE', 'BANK'] as const).map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))] },
  { field: 'status', label: 'Status', choices: [{ value: 'all', label: 'Every status' }, ...FRANCHISE_PAYMENT_STATUSES.map((status) => ({ value: status, label: FRANCHISE_PAYMENT_STATUS_LABELS[status] }))] },
];

/** The franchise's payments of every method: filters, totals over the whole range, table, CSV, pages. */
export function FranchisePaymentsSection({ actions }: { actions?: ((row: FranchisePayment) => ReactNode) | undefined }) {
  const [filters, setFilters] = useState<PaymentFilters>(defaultPaymentFilters);
  const [offset, setOffset] = useState(0);
  const payments = useFranchisePayments(filters, offset);
  const data = payments.data;
  const apply = (next: PaymentFilters) => {
    setFilters(next);
    setOffset(0);
  };

  return (
    <Card as="section" variation="outlined" aria-label="Payments">
      <Flex direction="column" gap="medium">
        <Heading level={3}>Payments</Heading>
        <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="medium">
          <MoneyFiltersForm label="Payment filters" filters={filters} selects={SELECTS} onApply={apply} isDisabled={payments.isFetching} />
          <CsvExportButton buildFile={async () => ({ fileName: paymentsCsvFileName(), csv: paymentsCsv(await fetchAllPayments(filters)) })} isDisabled={!data || data.total === 0} />
        </Flex>
        {payments.isPending ? <LoadingState label="Loading payments…" /> : null}
        {payments.isError ? <ErrorState message={payments.error.message} onRetry={() => void payments.refetch()} /> : null}
        {data && data.total === 0 ? <Text variation="secondary">No payments for these filters.</Text> : null}
        {data && data.total > 0 ? (
          <>
            <Flex direction="column" gap="xxxs" data-testid="payments-totals">
              <Text>
                {countText(data.totals.count, 'payment', 'payments')}, total {paiseText(data.totals.amount_paise)}; credited to wallets {paiseText(data.totals.credited_paise)}
              </Text>
              <Text variation="secondary" fontSize="small">
                {data.totals.by_status
                  .filter((total) => total.count > 0)
                  .map((total) => `${FRANCHISE_PAYMENT_STATUS_LABELS[total.status]}: ${total.count.toLocaleString('en-IN')} (${paiseText(total.amount_paise)})`)
                  .join(' · ')}
              </Text>
            </Flex>
            <FranchisePaymentsTable rows={data.items} actions={actions} />
            <OffsetPager offset={offset} pageSize={MONEY_PAGE_SIZE} total={data.total} onOffset={setOffset} />
          </>
        ) : null}
      </Flex>
    </Card>
  );
}
