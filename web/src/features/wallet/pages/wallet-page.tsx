import { Flex, Heading } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router-dom';
import { AddCreditCard } from '../components/add-credit-card';
import { BalanceCard } from '../components/balance-card';
import { LedgerSection } from '../components/ledger-section';
import { MyPaymentsSection } from '../components/my-payments-section';
import { PaymentReturnBanner } from '../components/payment-return-banner';
import '../wallet.css';

/** The wallet (spec §2 /wallet): balance, Add credit, the payment PhonePe sent the browser back for, payments and the ledger. */
export function WalletPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const returned = searchParams.get('payment');
  const dismiss = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );

  return (
    <Flex direction="column" gap="large" className="wallet-page">
      <Heading level={2}>Wallet</Heading>
      {returned !== null ? <PaymentReturnBanner key={returned} paymentParam={returned} onDismiss={dismiss} /> : null}
      <div className="wallet-page__top">
        <BalanceCard />
        <AddCreditCard />
      </div>
      <MyPaymentsSection />
      <LedgerSection />
    </Flex>
  );
}
