import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { BankTransferView } from '@shared/contracts/bank-transfers';
import type { PaymentView } from '@shared/contracts/payments';
import { rupeesFromPaise } from '@shared/domain/money';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { ReceiptButton } from '@/entities/bank-transfers/components/receipt-button';
import { formatDateTime } from '@/lib/format/date-time';
import { formatMoneyExact } from '@/lib/format/money';
import { useMyBankTransfers, useMyPayments } from '../api/use-my-payments';
import { AttachReceiptButton } from './attach-receipt-button';

/** One row of either kind: a PhonePe payment or a bank transfer claim. */
interface TopUp {
  readonly id: string;
  readonly method: string;
  readonly amount: number;
  readonly createdAt: string;
  readonly state: string;
  readonly detail: string;
  /** Bank transfer claims only: their receipt is shown, or can be attached while pending. */
  readonly transfer: BankTransferView | null;
}

const fromPayment = (payment: PaymentView): TopUp => ({
  id: payment.payment_id,
  method: 'PhonePe',
  amount: payment.amount,
  createdAt: payment.created_at,
  state: payment.state_text,
  detail: payment.failure_reason ?? (payment.refunded_paise > 0 ? `${formatMoneyExact(rupeesFromPaise(payment.refunded_paise))} refunded to where you paid from` : ''),
  transfer: null,
});

const fromTransfer = (transfer: BankTransferView): TopUp => ({
  id: transfer.transfer_id,
  method: 'Bank transfer',
  amount: transfer.amount,
  createdAt: transfer.created_at,
  state: transfer.state_text,
  detail: transfer.reject_reason ? `Reason: ${transfer.reject_reason}` : `UTR ${transfer.utr}`,
  transfer,
});

function ReceiptCell({ transfer }: { transfer: BankTransferView | null }) {
  if (!transfer) return null;
  if (transfer.receipt) return <ReceiptButton reader="own" transfer={transfer} />;
  return transfer.state === 'pending' ? <AttachReceiptButton transfer={transfer} /> : null;
}

const COLUMNS: readonly TableColumn<TopUp>[] = [
  { header: 'Date-time', key: 'time', card: 'lead', cell: (row) => formatDateTime(row.createdAt) },
  { header: 'Method', key: 'method', card: 'title', cell: (row) => row.method },
  { header: 'Amount', key: 'amount', numeric: true, card: 'lead', cell: (row) => formatMoneyExact(row.amount) },
  { header: 'State', key: 'state', card: 'lead', cell: (row) => row.state },
  { header: 'Details', key: 'detail', wrap: true, cell: (row) => row.detail },
  { header: 'Receipt', key: 'receipt', card: 'actions', cell: (row) => <ReceiptCell transfer={row.transfer} /> },
];

/** The latest top-ups (PhonePe payments and bank transfer claims) with their state, newest first. */
export function MyPaymentsSection() {
  const payments = useMyPayments();
  const transfers = useMyBankTransfers();
  const rows = [...(payments.data?.items.map(fromPayment) ?? []), ...(transfers.data?.items.map(fromTransfer) ?? [])].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  const loaded = payments.isSuccess && transfers.isSuccess;
  return (
    <Card as="section" variation="outlined" aria-label="Your payments">
      <Flex direction="column" gap="small">
        <Heading level={3}>Your payments</Heading>
        {payments.isPending || transfers.isPending ? <LoadingState label="Loading your payments…" /> : null}
        {payments.isError ? <ErrorState message={payments.error.message} onRetry={() => void payments.refetch()} /> : null}
        {transfers.isError ? <ErrorState message={transfers.error.message} onRetry={() => void transfers.refetch()} /> : null}
        {loaded && rows.length === 0 ? <Text variation="secondary">No payments yet.</Text> : null}
        {rows.length > 0 ? (
          <ColumnTable
            className="wallet-payments-table"
            caption="Your payments, times in Asia/Kolkata"
            columns={COLUMNS}
            rows={rows}
            rowKey={(row) => row.id}
            rowName={(row) => `${row.method} ${formatMoneyExact(row.amount)} ${row.state}`}
          />
        ) : null}
      </Flex>
    </Card>
  );
}
