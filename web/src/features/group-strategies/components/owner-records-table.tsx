import { Button, Flex, Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { StrategyRecord } from '@shared/contracts/strategy-records';
import type { DialogSlot } from '@/components/use-dialog-slot';
import { payloadToDisplayDate } from '@/lib/format/calendar-date';
import { formatMoneyExact } from '@/lib/format/money';
import { DeleteRecordDialog } from './delete-record-dialog';
import { RecordDialog } from './record-dialog';

interface OwnerRecordsTableProps {
  groupId: string;
  records: readonly StrategyRecord[];
  dialogs: DialogSlot;
}

/** The owner's own entries, newest first, each with Edit and Delete. */
export function OwnerRecordsTable({ groupId, records, dialogs }: OwnerRecordsTableProps) {
  return (
    <Table size="small" aria-label="Your entries">
      <TableHead>
        <TableRow>
          <TableCell as="th">Date</TableCell>
          <TableCell as="th">Title</TableCell>
          <TableCell as="th">Notes</TableCell>
          <TableCell as="th">P&amp;L</TableCell>
          <TableCell as="th">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((record) => (
          <TableRow key={record.record_id}>
            <TableCell>{payloadToDisplayDate(record.date)}</TableCell>
            <TableCell>{record.title}</TableCell>
            <TableCell>{record.notes || '—'}</TableCell>
            <TableCell>{formatMoneyExact(record.pnl)}</TableCell>
            <TableCell>
              <Flex gap="xs">
                <Button size="small" aria-label={`Edit ${record.title}`} onClick={() => dialogs.open(<RecordDialog groupId={groupId} record={record} onClose={dialogs.close} />)}>
                  Edit
                </Button>
                <Button
                  size="small"
                  aria-label={`Delete ${record.title}`}
                  onClick={() => dialogs.open(<DeleteRecordDialog groupId={groupId} record={record} onClose={dialogs.close} />)}
                >
                  Delete
                </Button>
              </Flex>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
