import { Alert, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ChoiceField, type Choice } from '@/components/choice-field';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useBankDetails, usePaymentOptions } from '../api/use-add-credit-choices';
import { limitsFromRupees, WALLET_LIMITS } from '../credit-amount';
import { BankTransferForm } from './bank-transfer-form';
import { PhonePeForm } from './phonepe-form';

type Method = 'PHONEPE' | 'BANK';

/** "Add credit": the methods the franchise enables (PhonePe within its limits, bank transfer once its account is saved). */
export function AddCreditCard() {
  const options = usePaymentOptions();
  const bank = useBankDetails();
  const [chosen, setChosen] = useState<Method | null>(null);

  const phonePe = options.data?.methods.find((method) => method.payment_api === 'PHONEPE' && method.enabled) ?? null;
  // BANK is offered once the franchise's account is saved, unless the options list it switched off.
  const bankOption = options.data?.methods.find((method) => method.payment_api === 'BANK') ?? null;
  const bankDetails = bank.data?.configured && (bankOption === null || bankOption.enabled) ? bank.data : null;
  const bankLimits = bankOption ? limitsFromRupees(bankOption.min_amount, bankOption.max_amount) : WALLET_LIMITS;
  const loading = options.isPending || bank.isPending;
  // Nothing is offered until both answers are in: otherwise the first to arrive would show its form, and
  // the default would switch under the user's fingers when the other arrives.
  const choices: Choice<Method>[] = loading
    ? []
    : [
        ...(phonePe ? [{ value: 'PHONEPE' as const, label: 'PhonePe (UPI, cards, net banking)' }] : []),
        ...(bankDetails ? [{ value: 'BANK' as const, label: 'Bank transfer' }] : []),
      ];
  const method = choices.find((choice) => choice.value === chosen)?.value ?? choices[0]?.value ?? null;

  return (
    <Card as="section" variation="outlined" aria-label="Add credit">
      <Flex direction="column" gap="medium">
        <Heading level={3}>Add credit</Heading>
        {loading ? <LoadingState label="Loading payment methods…" /> : null}
        {options.isError ? <ErrorState message={options.error.message} onRetry={() => void options.refetch()} /> : null}
        {bank.isError ? <ErrorState message={bank.error.message} onRetry={() => void bank.refetch()} /> : null}
        {!loading && choices.length === 0 && !options.isError && !bank.isError ? (
          <Alert variation="info">Adding credit is not open yet: your broker has not set up a payment method.</Alert>
        ) : null}
        {choices.length > 1 && method ? (
          <ChoiceField label="Pay with" name="method" value={method} choices={choices} onChange={setChosen} isDisabled={false} />
        ) : null}
        {choices.length === 1 ? <Text variation="secondary">Pay with {choices[0]?.label}.</Text> : null}
        {method === 'PHONEPE' && phonePe ? <PhonePeForm limits={limitsFromRupees(phonePe.min_amount, phonePe.max_amount)} /> : null}
        {method === 'BANK' && bankDetails ? <BankTransferForm details={bankDetails} limits={bankLimits} /> : null}
      </Flex>
    </Card>
  );
}
