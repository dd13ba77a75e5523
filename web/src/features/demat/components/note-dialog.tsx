import { Flex, TextAreaField } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { BrokerAccount } from '@shared/contracts/broker';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { useSaveNote } from '../api/use-save-note';

const NOTE_MAX_LENGTH = 200;

/** Edits an account's free-text note; saving an empty note clears it. */
export function NoteDialog({ account, onClose }: { account: BrokerAccount; onClose: () => void }) {
  const [note, setNote] = useState(account.note);
  const save = useSaveNote();
  const toast = useToast();
  const isSubmitting = save.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { brokerId: account.broker_id, note: note.trim() },
      {
        onSuccess: () => {
          toast.success('Note saved.');
          onClose();
        },
      },
    );
  };

  return (
    <ModalDialog title={`Note for ${account.broker_combined_name}`} onClose={onClose} canClose={!isSubmitting}>
      <form onSubmit={submit} aria-label="Account note">
        <Flex direction="column" gap="medium">
          <TextAreaField
            label="Note"
            name="note"
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            descriptiveText={`${note.length}/${NOTE_MAX_LENGTH} characters`}
            value={note}
            onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setNote(event.target.value)}
            isDisabled={isSubmitting}
          />
          <DialogActions error={save.error} onCancel={onClose} submitLabel="Save note" pendingLabel="Saving…" isPending={isSubmitting} isDisabled={isSubmitting} />
        </Flex>
      </form>
    </ModalDialog>
  );
}
