import { Alert, Button, Flex, TextField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { utrField, type BankDetailsView } from '@shared/contracts/bank-transfers';
import { rupeesFromPaise } from '@shared/domain/money';
import { errorText } from '@/lib/error-text';
import { formatMoneyExact } from '@/lib/format/money';
import { useSubmitBankTransfer } from '../api/use-add-credit';
import { checkAmount, type AmountLimits } from '../credit-amount';
import { AmountField } from './amount-field';
import { BankDetailsList } from './bank-details-list';
import { ReceiptField } from './receipt-field';

interface Errors {
  amount?: string;
  utr?: string;
}

/** The franchise's account to pay into, then the claim: amount, UTR, an optional note and receipt image, sent in paise. */
export function BankTransferForm({ details, limits }: { details: BankDetailsView; limits: AmountLimits }) {
  const [values, setValues] = useState({ amount: '', utr: '', note: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [receipt, setReceipt] = useState<File | null>(null);
  const [sentCount, setSentCount] = useState(0);
  const submitClaim = useSubmitBankTransfer();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const amount = checkAmount(values.amount, limits);
    const utr = utrField.safeParse(values.utr);
    setErrors({ ...(amount.error ? { amount: amount.error } : {}), ...(utr.success ? {} : { utr: utr.error.issues[0]?.message ?? 'Enter the UTR.' }) });
    if (amount.paise === null || !utr.success) return;
    submitClaim.mutate(
      { claim: { amount_paise: amount.paise, utr: utr.data, note: values.note.trim() }, receipt },
      {
        onSuccess: () => {
          setValues({ amount: '', utr: '', note: '' });
          setReceipt(null);
          setSentCount((count) => count + 1);
        },
      },
    );
  };
  const change = (field: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  return (
    <Flex direction="column" gap="medium">
      <BankDetailsList details={details} />
      <form onSubmit={submit} noValidate aria-label="Claim a bank transfer">
        <Flex direction="column" gap="small">
          <AmountField value={values.amount} onChange={change('amount')} limits={limits} error={errors.amount ?? null} isDisabled={submitClaim.isPending} />
          <TextField
            label="UTR / reference number"
            name="utr"
            autoComplete="off"
            value={values.utr}
            onChange={(event) => change('utr')(event.target.value)}
            descriptiveText="The 12 to 22 letters or digits your bank shows for the transfer."
            hasError={Boolean(errors.utr)}
            errorMessage={errors.utr}
            isDisabled={submitClaim.isPending}
          />
          <TextField label="Note (optional)" name="note" value={values.note} maxLength={200} onChange={(event) => change('note')(event.target.value)} isDisabled={submitClaim.isPending} />
          <ReceiptField key={sentCount} onReceiptChange={setReceipt} isDisabled={submitClaim.isPending} />
          {submitClaim.error ? (
            <Alert variation="error" role="alert">
              {errorText(submitClaim.error)}
            </Alert>
          ) : null}
          {submitClaim.data ? (
            <Alert variation="success" role="status">
              Transfer of {formatMoneyExact(rupeesFromPaise(submitClaim.data.transfer.amount_paise))} (UTR {submitClaim.data.transfer.utr}) sent for approval
              {submitClaim.data.transfer.receipt ? ' with its receipt' : ''}. Your balance grows once your broker approves it.
            </Alert>
          ) : null}
          {submitClaim.data?.receiptProblem ? (
            <Alert variation="warning" role="alert">
              The receipt could not be attached: {submitClaim.data.receiptProblem.replace(/\.$/, '')}. You can attach it under Your payments while the transfer waits for approval.
            </Alert>
          ) : null}
          <Flex>
            <Button type="submit" variation="primary" isLoading={submitClaim.isPending} loadingText="Sending…" isDisabled={submitClaim.isPending}>
              Send for approval
            </Button>
          </Flex>
        </Flex>
      </form>
    </Flex>
  );
}
