import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useMemo, useState } from 'react';
import { CASHOUT_STATUS_LABELS, type CashoutStatus, type CashoutView } from '@shared/contracts/referrals';
import { CASHOUT_STATUSES } from '@shared/domain/states';
import { ChoiceField } from '@/components/choice-field';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { useDecideCashout } from '../api/use-cashout-actions';
import { useFranchiseCashouts } from '../api/use-referral-reads';
import { paiseText } from '../money-text';
import { CASHOUT_COLUMNS } from './cashout-columns';
import { RejectCashoutDialog } from './reject-cashout-dialog';

type StatusFilter = CashoutStatus | 'any';
const FILTERS = [{ value: 'any' as const, label: 'Every state' }, ...CASHOUT_STATUSES.map((value) => ({ value, label: CASHOUT_STATUS_LABELS[value] }))];

interface RowTools {
  readonly move: (cashout: CashoutView, status: 'initiate' | 'completed') => void;
  readonly reject: (cashout: CashoutView) => void;
  readonly busy: boolean;
}

const COLUMNS: readonly TableColumn<CashoutView, RowTools>[] = [
  { header: 'User', key: 'user', card: 'title', cell: (cashout) => cashout.user_name || `User ${cashout.user_id}` },
  ...CASHOUT_COLUMNS.map((column): TableColumn<CashoutView, RowTools> => ({ ...column, cell: (cashout) => column.cell(cashout, undefined), card: column.card === 'title' ? 'lead' : column.card })),
  {
    header: 'Actions',
    key: 'actions',
    card: 'actions',
    cell: (cashout, tools) => (
      <Flex gap="xs" wrap="wrap">
        {cashout.status === 'pending' ? (
          <Button size="small" onClick={() => tools.move(cashout, 'initiate')} isDisabled={tools.busy}>
            Initiate
          </Button>
        ) : null}
        {cashout.status === 'initiate' ? (
          <Button size="small" variation="primary" onClick={() => tools.move(cashout, 'completed')} isDisabled={tools.busy}>
            Complete
          </Button>
        ) : null}
        {cashout.status === 'pending' || cashout.status === 'initiate' ? (
          <Button size="small" variation="destructive" onClick={() => tools.reject(cashout)} isDisabled={tools.busy}>
            Reject
          </Button>
        ) : null}
      </Flex>
    ),
  },
];

/** Broker panel: the franchise's cash-outs; withdrawals move Initiate → Complete, or Reject with a reason. */
export function CashoutRequestsSection() {
  const [filter, setFilter] = useState<StatusFilter>('pending');
  const query = useFranchiseCashouts(filter === 'any' ? undefined : filter);
  const decide = useDecideCashout();
  const toast = useToast();
  const [rejecting, setRejecting] = useState<CashoutView | null>(null);
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const tools: RowTools = {
    busy: decide.isPending,
    reject: setRejecting,
    move: (cashout, status) =>
      decide.mutate(
        { cashout_id: cashout.cashout_id, user_id: cashout.user_id, status },
        {
          onSuccess: () => toast.success(status === 'initiate' ? 'Payout initiated.' : 'Cash-out completed.'),
          onError: (error) => toast.error(errorText(error)),
        },
      ),
  };
  return (
    <Card as="section" variation="outlined" aria-label="Cash-out requests">
      <Flex direction="column" gap="medium">
        <Heading level={3}>Cash-out requests</Heading>
        <ChoiceField<StatusFilter> label="State" name="cashout-state" value={filter} choices={FILTERS} onChange={setFilter} isDisabled={false} />
        {query.isPending ? <LoadingState label="Loading the cash-out requests…" /> : null}
        {query.isError ? <ErrorState message={query.error.message} onRetry={() => void query.refetch()} /> : null}
        {query.isSuccess && rows.length === 0 ? <Text variation="secondary">No cash-outs in this state.</Text> : null}
        {rows.length > 0 ? (
          <ColumnTable
            className="referral-table"
            caption="Cash-outs of your users, times in Asia/Kolkata"
            columns={COLUMNS}
            rows={rows}
            tools={tools}
            rowKey={(cashout) => `${cashout.user_id}-${cashout.cashout_id}`}
            rowName={(cashout) => `${cashout.user_name || `User ${cashout.user_id}`} ${paiseText(cashout.amount_paise)} ${cashout.status_text}`}
          />
        ) : null}
        {query.hasNextPage ? (
          <Flex justifyContent="center">
            <Button onClick={() => void query.fetchNextPage()} isLoading={query.isFetchingNextPage} loadingText="Loading…">
              Load more
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {rejecting ? <RejectCashoutDialog cashout={rejecting} onClose={() => setRejecting(null)} /> : null}
    </Card>
  );
}
