import { Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { CASHOUT_CHOICE_LABELS, type CashoutChoice } from '@shared/contracts/referrals';
import { CASHOUT_CHOICES } from '@shared/domain/states';
import { ChoiceField } from '@/components/choice-field';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { useToast } from '@/components/toast/use-toast';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useFormValues } from '@/lib/use-form-values';
import { useCashOut } from '../api/use-cashout-actions';
import { checkCashoutForm, EMPTY_CASHOUT_FORM } from '../cashout-form';
import { paiseText } from '../money-text';

const CHOICES = CASHOUT_CHOICES.map((value) => ({ value, label: CASHOUT_CHOICE_LABELS[value] }));

/**
 * Cashes out referral earnings: into the wallet at once, or to a bank account (the broker pays it out).
 * One key per opened dialog, so a repeated click sends the same cash-out once.
 */
export function CashoutDialog({ balancePaise, onClose }: { balancePaise: number; onClose: () => void }) {
  const cashOut = useCashOut();
  const toast = useToast();
  const [key] = useState(() => newIdempotencyKey('cashout'));
  const { values, setValues, bind } = useFormValues({ ...EMPTY_CASHOUT_FORM });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = cashOut.isPending;
  const text = (name: 'amount' | 'holder_name' | 'account_number' | 'ifsc') => ({ ...bind(name), hasError: Boolean(errors[name]), errorMessage: errors[name], isDisabled: busy });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkCashoutForm(values, balancePaise, key);
    setErrors(check.errors ?? {});
    if (!check.request) return;
    cashOut.mutate(check.request, {
      onSuccess: (outcome) => {
        toast.success(outcome.cashout.choice === 'credit' ? `${paiseText(outcome.cashout.amount_paise)} added to your wallet.` : 'Your cash-out request was sent to your broker.');
        onClose();
      },
    });
  };

  return (
    <ModalDialog title="Cash out referral earnings" onClose={onClose} canClose={!busy}>
      <form onSubmit={submit} noValidate aria-label="Cash out">
        <Flex direction="column" gap="medium">
          <Text>Available to cash out: {paiseText(balancePaise)}</Text>
          <ChoiceField<CashoutChoice>
            label="Where to"
            name="choice"
            value={values.choice}
            choices={CHOICES}
            onChange={(choice) => setValues((current) => ({ ...current, choice }))}
            isDisabled={busy}
          />
          <TextField label="Amount (₹)" inputMode="decimal" autoComplete="off" {...text('amount')} />
          {values.choice === 'withdraw' ? (
            <>
              <TextField label="Account holder name" autoComplete="name" {...text('holder_name')} />
              <TextField label="Account number" inputMode="numeric" autoComplete="off" {...text('account_number')} />
              <TextField label="IFSC" autoComplete="off" {...text('ifsc')} />
            </>
          ) : null}
          <DialogActions error={cashOut.error} onCancel={onClose} submitLabel="Cash out" pendingLabel="Sending…" isPending={busy} isDisabled={busy} />
        </Flex>
      </form>
    </ModalDialog>
  );
}
