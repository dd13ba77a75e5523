import { Flex, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { MAX_MIN_CAPITAL_NOTE_LENGTH, MAX_PLAN_LABEL_LENGTH } from '@shared/contracts/strategy-plans';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useAddPlan } from '../api/use-strategy-actions';
import { fieldErrorsOfFailure, formLevelError } from './field-errors-of';

/** A typed number as the contract expects it; empty text stays undefined so the contract names the field. */
const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(/,/g, '')));

/** Adds a plan: label, duration in days, price in credits (₹), and an optional minimum-capital note. */
export function AddPlanDialog({ groupId, onClose }: { groupId: string; onClose: () => void }) {
  const add = useAddPlan(groupId);
  const toast = useToast();
  const [label, setLabel] = useState('');
  const [duration, setDuration] = useState('');
  const [price, setPrice] = useState('');
  const [note, setNote] = useState('');
  const errors = fieldErrorsOfFailure(add.error);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const plan = {
      group_id: groupId,
      label,
      duration_days: numberOrUndefined(duration) as number,
      price_credits: numberOrUndefined(price) as number,
      ...(note.trim() ? { min_capital_note: note } : {}),
    };
    add.mutate(plan, {
      onSuccess: (added) => {
        toast.success(`${added.label} is offered.`);
        onClose();
      },
    });
  };

  const formError = formLevelError(add.error);
  return (
    <ModalDialog title="Add plan" onClose={onClose} canClose={!add.isPending}>
      <form onSubmit={save} aria-label="Add plan" noValidate>
        <Flex direction="column" gap="medium">
          <TextField label="Label" maxLength={MAX_PLAN_LABEL_LENGTH} value={label} onChange={(event) => setLabel(event.target.value)} hasError={Boolean(errors.label)} errorMessage={errors.label} />
          <TextField label="Duration (days)" inputMode="numeric" value={duration} onChange={(event) => setDuration(event.target.value)} hasError={Boolean(errors.duration_days)} errorMessage={errors.duration_days} />
          <TextField label="Price (₹)" inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} hasError={Boolean(errors.price_credits)} errorMessage={errors.price_credits} />
          <TextAreaField
            label="Minimum capital note (optional)"
            maxLength={MAX_MIN_CAPITAL_NOTE_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            hasError={Boolean(errors.min_capital_note)}
            errorMessage={errors.min_capital_note}
          />
          <DialogActions error={formError} onCancel={onClose} submitLabel="Add plan" pendingLabel="Adding…" isPending={add.isPending} />
        </Flex>
      </form>
    </ModalDialog>
  );
}
