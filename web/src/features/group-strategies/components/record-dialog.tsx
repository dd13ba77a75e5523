import { Flex, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { StrategyRecord } from '@shared/contracts/strategy-records';
import { DateField } from '@/components/date-field';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { formatPayloadDate } from '@/lib/format/date-time';
import { useAddRecord, useUpdateRecord } from '../api/use-strategy-actions';
import { fieldErrorsOfFailure, formLevelError } from './field-errors-of';

interface RecordDialogProps {
  groupId: string;
  /** The entry to edit (its version is sent back); none to add a new one. */
  record?: StrategyRecord;
  onClose: () => void;
}

/** Adds or edits an owner's entry: date (not in the future), title, notes and the day's P&L in rupees. */
export function RecordDialog({ groupId, record, onClose }: RecordDialogProps) {
  const add = useAddRecord(groupId);
  const update = useUpdateRecord(groupId);
  const toast = useToast();
  const action = record ? update : add;
  const today = formatPayloadDate(new Date());
  const [date, setDate] = useState(record?.date ?? today);
  const [title, setTitle] = useState(record?.title ?? '');
  const [notes, setNotes] = useState(record?.notes ?? '');
  const [pnl, setPnl] = useState(record ? String(record.pnl) : '');
  const errors = fieldErrorsOfFailure(action.error);
  const formError = formLevelError(action.error);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const typedPnl = pnl.trim().replace(/,/g, '');
    const fields = { group_id: groupId, date, title, notes, pnl: (typedPnl === '' ? undefined : Number(typedPnl)) as number };
    const done = { onSuccess: () => {
      toast.success(record ? 'The record is saved.' : 'The record is added.');
      onClose();
    } };
    if (record) update.mutate({ ...fields, record_id: record.record_id, version: record.version }, done);
    else add.mutate(fields, done);
  };

  const name = record ? `Edit ${record.title}` : 'Add record';
  return (
    <ModalDialog title={name} onClose={onClose} canClose={!action.isPending}>
      <form onSubmit={save} aria-label={name} noValidate>
        <Flex direction="column" gap="medium">
          <DateField label="Date" name="date" value={date} onChange={setDate} max={today} errorMessage={errors.date} />
          <TextField label="Title" maxLength={80} value={title} onChange={(event) => setTitle(event.target.value)} hasError={Boolean(errors.title)} errorMessage={errors.title} />
          <TextAreaField label="Notes" maxLength={1000} value={notes} onChange={(event) => setNotes(event.target.value)} hasError={Boolean(errors.notes)} errorMessage={errors.notes} />
          <TextField
            label="P&L (₹)"
            inputMode="decimal"
            descriptiveText="A loss is negative, for example -1250.50."
            value={pnl}
            onChange={(event) => setPnl(event.target.value)}
            hasError={Boolean(errors.pnl)}
            errorMessage={errors.pnl}
          />
          <DialogActions error={formError} onCancel={onClose} submitLabel={record ? 'Save' : 'Add record'} pendingLabel="Saving…" isPending={action.isPending} />
        </Flex>
      </form>
    </ModalDialog>
  );
}
