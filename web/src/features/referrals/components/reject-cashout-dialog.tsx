import { Flex, Text, TextAreaField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { CashoutView } from '@shared/contracts/referrals';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useDecideCashout } from '../api/use-cashout-actions';
import { paiseText } from '../money-text';

/** Rejects a withdrawal with the reason its user reads; the amount returns to the user's earnings. */
export function RejectCashoutDialog({ cashout, onClose }: { cashout: CashoutView; onClose: () => void }) {
  const decide = useDecideCashout();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setProblem('Say why the cash-out is rejected.');
      return;
    }
    setProblem(null);
    decide.mutate({ cashout_id: cashout.cashout_id, user_id: cashout.user_id, status: 'rejected', reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <ModalDialog title="Reject cash-out" onClose={onClose} canClose={!decide.isPending}>
      <form onSubmit={submit} noValidate aria-label="Reject cash-out">
        <Flex direction="column" gap="medium">
          <Text>
            {paiseText(cashout.amount_paise)} for {cashout.user_name || `user ${cashout.user_id}`} goes back to their referral earnings.
          </Text>
          <TextAreaField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} hasError={problem !== null} errorMessage={problem ?? undefined} isDisabled={decide.isPending} />
          <DialogActions error={decide.error} onCancel={onClose} submitLabel="Reject" pendingLabel="Rejecting…" isPending={decide.isPending} variation="destructive" />
        </Flex>
      </form>
    </ModalDialog>
  );
}
