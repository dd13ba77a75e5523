import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { rupeesFromPaise } from '@shared/domain/money';
import { errorText } from '@/lib/error-text';
import { useStartPhonePePayment } from '../api/use-add-credit';
import { checkAmount, type AmountLimits } from '../credit-amount';
import { AmountField } from './amount-field';

/** Pays through PhonePe: the browser goes to PhonePe's page and comes back to the wallet, which shows the outcome. */
export function PhonePeForm({ limits }: { limits: AmountLimits }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = useStartPhonePePayment();
  const busy = start.isPending || start.isSuccess;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkAmount(amount, limits);
    setError(checked.error);
    if (checked.paise !== null) start.mutate(rupeesFromPaise(checked.paise));
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Pay with PhonePe">
      <Flex direction="column" gap="small">
        <AmountField value={amount} onChange={setAmount} limits={limits} error={error} isDisabled={busy} />
        {start.error ? (
          <Alert variation="error" role="alert">
            {errorText(start.error)}
          </Alert>
        ) : null}
        <Flex>
          <Button type="submit" variation="primary" isLoading={busy} loadingText="Opening PhonePe…" isDisabled={busy}>
            Pay with PhonePe
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
