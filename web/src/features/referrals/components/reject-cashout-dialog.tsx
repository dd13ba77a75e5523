import { Alert, Button, Flex, Text, TextAreaField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import type { CashoutView } from '@shared/contracts/referrals';
import { ModalDialog } from '@/components/modal-dialog';
import { errorText } from '@/lib/error-text';
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
          {decide.error ? (
            <Alert variation="error" role="alert">
              {errorText(decide.error)}
            </Alert>
          ) : null}
          <Flex justifyContent="flex-end" gap="small">
            <Button onClick={onClose} isDisabled={decide.isPending}>
              Cancel
            </Button>
            <Button type="submit" variation="destructive" isLoading={decide.isPending} loadingText="Rejecting…">
              Reject
            </Button>
          </Flex>
        </Flex>
      </form>
    </ModalDialog>
  );
}
