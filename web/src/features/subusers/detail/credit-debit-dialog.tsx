import { Alert, Button, Flex, Radio, RadioGroupField, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { SubUser } from '@shared/contracts/subusers';
import { MAX_WALLET_MOVEMENT_PAISE } from '@shared/domain/money';
import { DialogActions } from '@/components/dialog-actions';
import { ModalDialog } from '@/components/modal-dialog';
import { formatMoneyExact } from '@/lib/format/money';
import { checkAmount } from '@/lib/format/rupee-amount';
import { useCreditDebitSubUser } from '../api/use-sub-user-views';
import { subUserLabel } from '../sub-user-words';
import { SOURCE_LABELS, newTransferKey, type MoneyDirection, type SubUserMoneySource } from './money-words';

/** The contract's limits: at least ₹1, at most the largest wallet movement. */
const LIMITS = { minPaise: 100, maxPaise: MAX_WALLET_MOVEMENT_PAISE };
const MIN_REASON_LENGTH = 3;

interface Done {
  readonly subUserBalancePaise: number;
  readonly parentBalancePaise: number | null;
}

const rupees = (paise: number) => formatMoneyExact(paise / 100);

/**
 * Credits or debits one sub-user. The money comes from (or goes back to) the caller's own wallet; the
 * broker panel may instead grant or withdraw it without a wallet, saying why. One idempotency key per
 * opening of the dialog: a double click or a retry after a lost answer moves the money once.
 */
export function CreditDebitDialog({ user, isBrokerPanel, onClose }: { user: SubUser; isBrokerPanel: boolean; onClose: () => void }) {
  const move = useCreditDebitSubUser();
  const [key] = useState(newTransferKey);
  const [direction, setDirection] = useState<MoneyDirection>('credit');
  const [source, setSource] = useState<SubUserMoneySource>('parent_wallet');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reason?: string }>({});
  const [done, setDone] = useState<Done | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (move.isPending) return;
    const checked = checkAmount(amount, LIMITS);
    const reasonText = reason.trim();
    const found = {
      ...(checked.error ? { amount: checked.error } : {}),
      ...(source === 'franchise' && reasonText.length < MIN_REASON_LENGTH ? { reason: 'Say why the credit is granted or withdrawn.' } : {}),
    };
    setProblems(found);
    if (checked.paise === null || Object.keys(found).length > 0) return;
    move.mutate(
      { sub_user_id: user.user_id, type: direction, amount_paise: checked.paise, source, idempotency_key: key, ...(source === 'franchise' ? { reason: reasonText } : {}) },
      { onSuccess: (answer) => setDone({ subUserBalancePaise: answer.sub_user_balance_paise, parentBalancePaise: answer.parent_balance_paise }) },
    );
  };

  const title = `Credit / Debit ${subUserLabel(user)}`;
  if (done) {
    return (
      <ModalDialog title={title} onClose={onClose}>
        <Flex direction="column" gap="medium">
          <Alert variation="success" role="status">
            Done. The sub-user&apos;s balance is now {rupees(done.subUserBalancePaise)}.
            {done.parentBalancePaise !== null ? ` Your balance is now ${rupees(done.parentBalancePaise)}.` : ''}
          </Alert>
          <Flex justifyContent="flex-end">
            <Button variation="primary" onClick={onClose}>
              Close
            </Button>
          </Flex>
        </Flex>
      </ModalDialog>
    );
  }

  const busy = move.isPending;
  return (
    <ModalDialog title={title} onClose={onClose} canClose={!busy}>
      <form onSubmit={submit} noValidate aria-label="Credit or debit">
        <Flex direction="column" gap="medium">
          <RadioGroupField legend="Move" name="direction" value={direction} onChange={(event) => setDirection(event.target.value === 'debit' ? 'debit' : 'credit')} isDisabled={busy}>
            <Radio value="credit">Credit (add to the sub-user&apos;s wallet)</Radio>
            <Radio value="debit">Debit (take from the sub-user&apos;s wallet)</Radio>
          </RadioGroupField>
          {isBrokerPanel ? (
            <RadioGroupField legend="Source" name="source" value={source} onChange={(event) => setSource(event.target.value === 'franchise' ? 'franchise' : 'parent_wallet')} isDisabled={busy}>
              <Radio value="parent_wallet">{SOURCE_LABELS[direction].parent_wallet}</Radio>
              <Radio value="franchise">{SOURCE_LABELS[direction].franchise}</Radio>
            </RadioGroupField>
          ) : (
            <Text variation="secondary">{SOURCE_LABELS[direction].parent_wallet}.</Text>
          )}
          <TextField
            label="Amount (₹)"
            inputMode="decimal"
            value={amount}
            onChange={(event: ChangeEvent<HTMLInputElement>) => setAmount(event.target.value)}
            hasError={Boolean(problems.amount)}
            errorMessage={problems.amount}
            isDisabled={busy}
          />
          {source === 'franchise' ? (
            <TextAreaField
              label="Reason"
              descriptiveText="Kept in the sub-user's ledger with your name."
              maxLength={200}
              value={reason}
              onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setReason(event.target.value)}
              hasError={Boolean(problems.reason)}
              errorMessage={problems.reason}
              isDisabled={busy}
            />
          ) : null}
          <DialogActions error={move.error} onCancel={onClose} submitLabel={direction === 'credit' ? 'Credit' : 'Debit'} pendingLabel="Moving…" isPending={busy} />
        </Flex>
      </form>
    </ModalDialog>
  );
}
