import { Flex, Text, TextAreaField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { BankTransferView } from '@shared/contracts/bank-transfers';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { formatMoneyExact } from '@/lib/format/money';

interface RejectTransferDialogProps {
  transfer: BankTransferView;
  onReject: (reason: string) => void;
  onClose: () => void;
  isPending: boolean;
  error: Error | null;
}

/** Asks for the reason the user will read before a claim is rejected. */
export function RejectTransferDialog({ transfer, onReject, onClose, isPending, error }: RejectTransferDialogProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < 3) {
      setProblem('Tell the user why (at least 3 characters).');
      return;
    }
    setProblem(null);
    onReject(trimmed);
  };
  return (
    <ModalDialog title="Reject the bank transfer" onClose={onClose} canClose={!isPending}>
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="medium">
          <Text>
            Reject the claim of {formatMoneyExact(transfer.amount)} (UTR {transfer.utr}) by user {transfer.user_id}? Nothing is credited; the user reads your reason.
          </Text>
          <TextAreaField label="Reason" name="reason" value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} hasError={problem !== null} errorMessage={problem ?? undefined} isDisabled={isPending} />
          <DialogActions
            error={error}
            cancelLabel="Keep it"
            onCancel={onClose}
            submitLabel="Reject"
            pendingLabel="Rejecting…"
            isPending={isPending}
            isDisabled={isPending}
            variation="destructive"
            wrap
          />
        </Flex>
      </form>
    </ModalDialog>
  );
}
