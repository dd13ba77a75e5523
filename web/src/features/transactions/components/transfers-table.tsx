import { Button, Flex } from '@aws-amplify/ui-react';
import type { BankTransferView } from '@shared/contracts/bank-transfers';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { ReceiptButton } from '@/entities/bank-transfers/components/receipt-button';
import { formatDateTime } from '@/lib/format/date-time';
import { formatMoneyExact } from '@/lib/format/money';

export interface TransferTools {
  readonly onApprove: (transfer: BankTransferView) => void;
  readonly onReject: (transfer: BankTransferView) => void;
}

const COLUMNS: readonly TableColumn<BankTransferView, TransferTools>[] = [
  { header: 'Date-time', key: 'time', card: 'lead', cell: (transfer) => formatDateTime(transfer.created_at) },
  { header: 'User', key: 'user', card: 'title', cell: (transfer) => `User ${transfer.user_id}` },
  { header: 'UTR', key: 'utr', cell: (transfer) => transfer.utr },
  { header: 'Amount', key: 'amount', numeric: true, card: 'lead', cell: (transfer) => formatMoneyExact(transfer.amount) },
  { header: 'State', key: 'state', card: 'lead', cell: (transfer) => transfer.state_text },
  { header: 'Note / reason', key: 'note', wrap: true, priority: 'low', cell: (transfer) => transfer.reject_reason ?? transfer.note },
  { header: 'Receipt', key: 'receipt', cell: (transfer) => (transfer.receipt ? <ReceiptButton reader="franchise" transfer={transfer} /> : 'None') },
  {
    header: 'Actions',
    key: 'actions',
    card: 'actions',
    cell: (transfer, tools) =>
      transfer.state === 'pending' ? (
        <Flex gap="xs">
          <Button size="small" variation="primary" onClick={() => tools.onApprove(transfer)}>
            Approve
          </Button>
          <Button size="small" onClick={() => tools.onReject(transfer)}>
            Reject
          </Button>
        </Flex>
      ) : null,
  },
];

/** The franchise's bank transfer claims, newest first; pending ones can be approved or rejected. */
export function TransfersTable({ transfers, tools }: { transfers: readonly BankTransferView[]; tools: TransferTools }) {
  return (
    <ColumnTable
      className="transfers-table"
      caption="Bank transfer claims, times in Asia/Kolkata"
      columns={COLUMNS}
      rows={transfers}
      tools={tools}
      rowKey={(transfer) => transfer.transfer_id}
      rowName={(transfer) => `UTR ${transfer.utr} ${formatMoneyExact(transfer.amount)} ${transfer.state_text}`}
    />
  );
}
