import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { WALLET_REASON_LABELS, WALLET_REASONS } from '@shared/contracts/wallet';
import { CsvExportButton } from '@/components/csv-export-button';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { OffsetPager } from '@/components/offset-pager';
import { fetchAllLedger, MONEY_PAGE_SIZE, useFranchiseLedger } from '../api/use-franchise-money';
import { franchiseLedgerCsv, franchiseLedgerCsvFileName } from '../money-csv';
import { defaultLedgerFilters, type LedgerFilters } from '../money-filters';
import { countText, paiseText } from '../money-words';
import { FranchiseLedgerTable } from './franchise-ledger-table';
import { MoneyFiltersForm, type FilterSelect } from './money-filters-form';

const SELECTS: readonly FilterSelect<LedgerFilters>[] = [
  {
    field: 'type',
    label: 'Type',
    choices: [
      { value: 'all', label: 'Credits and debits' },
      { value: 'credit', label: 'Credits' },
      { value: 'debit', label: 'Debits' },
    ],
  },
  { field: 'reason', label: 'Reason', choices: [{ value: 'all', label: 'Every reason' }, ...WALLET_REASONS.map((reason) => ({ value: reason, label: WALLET_REASON_LABELS[reason] }))] },
];

/** Every wallet movement of the franchise's users: filters, totals over the whole range, table, CSV, pages. */
export function FranchiseLedgerSection() {
  const [filters, setFilters] = useState<LedgerFilters>(defaultLedgerFilters);
  const [offset, setOffset] = useState(0);
  const ledger = useFranchiseLedger(filters, offset);
  const data = ledger.data;
  const apply = (next: LedgerFilters) => {
    setFilters(next);
    setOffset(0);
  };

  return (
    <Card as="section" variation="outlined" aria-label="Wallet movements">
      <Flex direction="column" gap="medium">
        <Heading level={3}>Wallet movements</Heading>
        <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="medium">
          <MoneyFiltersForm label="Wallet movement filters" filters={filters} selects={SELECTS} onApply={apply} isDisabled={ledger.isFetching} />
          <CsvExportButton buildFile={async () => ({ fileName: franchiseLedgerCsvFileName(), csv: franchiseLedgerCsv(await fetchAllLedger(filters)) })} isDisabled={!data || data.total === 0} />
        </Flex>
        {ledger.isPending ? <LoadingState label="Loading wallet movements…" /> : null}
        {ledger.isError ? <ErrorState message={ledger.error.message} onRetry={() => void ledger.refetch()} /> : null}
        {data && data.total === 0 ? <Text variation="secondary">No wallet movements for these filters.</Text> : null}
        {data && data.total > 0 ? (
          <>
            <Text data-testid="ledger-totals">
              {countText(data.totals.count, 'movement', 'movements')}: credited {paiseText(data.totals.credited_paise)}, debited {paiseText(data.totals.debited_paise)}, net{' '}
              {data.totals.net_paise < 0 ? `−${paiseText(-data.totals.net_paise)}` : paiseText(data.totals.net_paise)}
            </Text>
            <FranchiseLedgerTable entries={data.items} />
            <OffsetPager offset={offset} pageSize={MONEY_PAGE_SIZE} total={data.total} onOffset={setOffset} />
          </>
        ) : null}
      </Flex>
    </Card>
  );
}
