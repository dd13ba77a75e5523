import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { BankTransferView } from '@shared/contracts/bank-transfers';
import { rupeesFromPaise } from '@shared/domain/money';
import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { CsvExportButton } from '@/components/csv-export-button';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useToast } from '@/components/toast/use-toast';
import { defaultHistoryRange } from '@/lib/format/calendar-date';
import { formatMoneyExact } from '@/lib/format/money';
import { fetchAllTransfers, useDecideTransfer, useFranchiseTransfers } from '../api/use-franchise-transfers';
import type { TransferFilters } from '../transfer-filters';
import { totalPaise, transfersCsv, transfersCsvFileName } from '../transfers-csv';
import { RejectTransferDialog } from './reject-transfer-dialog';
import { TransferFiltersForm } from './transfer-filters-form';
import { TransfersTable } from './transfers-table';

type Deciding = { kind: 'approve' | 'reject'; transfer: BankTransferView } | null;

/** The franchise's bank transfer claims: filters, totals, CSV, Approve and Reject. */
export function BankTransfersSection() {
  const [filters, setFilters] = useState<TransferFilters>(() => ({ ...defaultHistoryRange(), state: 'pending' }));
  const transfers = useFranchiseTransfers(filters);
  const decide = useDecideTransfer();
  const toast = useToast();
  const [deciding, setDeciding] = useState<Deciding>(null);
  const rows = transfers.data?.pages.flatMap((page) => page.items) ?? [];
  const close = () => {
    setDeciding(null);
    decide.reset();
  };
  const done = (text: string) => () => {
    toast.success(text);
    close();
  };

  return (
    <Card as="section" variation="outlined" aria-label="Bank transfers">
      <Flex direction="column" gap="medium">
        <Heading level={3}>Bank transfers</Heading>
        <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="medium">
          <TransferFiltersForm filters={filters} onApply={setFilters} isDisabled={transfers.isFetching} />
          <CsvExportButton buildFile={async () => ({ fileName: transfersCsvFileName(), csv: transfersCsv(await fetchAllTransfers(filters)) })} isDisabled={rows.length === 0} />
        </Flex>
        {transfers.isPending ? <LoadingState label="Loading bank transfers…" /> : null}
        {transfers.isError ? <ErrorState message={transfers.error.message} onRetry={() => void transfers.refetch()} /> : null}
        {transfers.isSuccess && rows.length === 0 ? <Text variation="secondary">No bank transfers for these filters.</Text> : null}
        {rows.length > 0 ? (
          <>
            <Text data-testid="transfers-total">
              {rows.length} {rows.length === 1 ? 'claim' : 'claims'} listed, total {formatMoneyExact(rupeesFromPaise(totalPaise(rows)))}
              {transfers.hasNextPage ? ' (more below: load them to include them)' : ''}
            </Text>
            <TransfersTable
              transfers={rows}
              tools={{ onApprove: (transfer) => setDeciding({ kind: 'approve', transfer }), onReject: (transfer) => setDeciding({ kind: 'reject', transfer }) }}
            />
          </>
        ) : null}
        {transfers.hasNextPage ? (
          <Flex justifyContent="center">
            <Button onClick={() => void transfers.fetchNextPage()} isLoading={transfers.isFetchingNextPage} loadingText="Loading…" isDisabled={transfers.isFetchingNextPage}>
              Load more
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {deciding?.kind === 'approve' ? (
        <ConfirmActionDialog
          title="Approve the bank transfer"
          text={`Credit ${formatMoneyExact(deciding.transfer.amount)} (UTR ${deciding.transfer.utr}) to user ${deciding.transfer.user_id}'s wallet? Check that the money reached your account first.`}
          confirmLabel="Approve"
          pendingLabel="Approving…"
          variation="primary"
          onConfirm={() => decide.mutate({ kind: 'approve', transferId: deciding.transfer.transfer_id }, { onSuccess: done('Bank transfer approved: the wallet is credited.') })}
          onClose={close}
          isPending={decide.isPending}
          error={decide.error}
        />
      ) : null}
      {deciding?.kind === 'reject' ? (
        <RejectTransferDialog
          transfer={deciding.transfer}
          onReject={(reason) => decide.mutate({ kind: 'reject', transferId: deciding.transfer.transfer_id, reason }, { onSuccess: done('Bank transfer rejected.') })}
          onClose={close}
          isPending={decide.isPending}
          error={decide.error}
        />
      ) : null}
    </Card>
  );
}
