import { Flex, Heading } from '@aws-amplify/ui-react';
import { BankTransfersSection } from '../components/bank-transfers-section';
import { PaymentAlertsSection } from '../components/payment-alerts-section';

/** The broker panel's Transaction page (spec §2 /transaction): bank transfer claims to decide, and PhonePe alerts. */
export function TransactionsPage() {
  return (
    <Flex direction="column" gap="large" className="transactions-page">
      <Heading level={2}>Transaction</Heading>
      <BankTransfersSection />
      <PaymentAlertsSection />
    </Flex>
  );
}
