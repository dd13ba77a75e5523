import { Flex, Heading, Tabs } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BankTransfersSection } from '../components/bank-transfers-section';
import { FranchiseLedgerSection } from '../components/franchise-ledger-section';
import { FranchisePaymentsSection } from '../components/franchise-payments-section';
import { PaymentAlertsSection } from '../components/payment-alerts-section';
import { PaymentRefundAction } from '../components/payment-refund-action';

const VIEWS = ['approve', 'payments', 'wallet'] as const;
type View = (typeof VIEWS)[number];
const TabBody = ({ children }: { children: ReactNode }) => (
  <Flex direction="column" gap="large" paddingTop="medium">
    {children}
  </Flex>
);

const isView = (value: string | null): value is View => VIEWS.some((view) => view === value);

/**
 * The broker panel's Transaction page (spec §2 /transaction), in three tabs: bank transfer claims to
 * decide with the PhonePe alerts (the work waiting, first), every payment of the franchise (a credited
 * PhonePe payment can be refunded there), and every wallet movement. Only the open tab is loaded; `?view=` keeps it across a reload.
 */
export function TransactionsPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view');
  const current: View = isView(view) ? view : 'approve';
  return (
    <Flex direction="column" gap="large" className="transactions-page">
      <Heading level={2}>Transaction</Heading>
      <Tabs
        isLazy
        value={current}
        onValueChange={(next) => setParams(next === 'approve' ? {} : { view: next }, { replace: true })}
        items={[
          {
            label: 'To approve',
            value: 'approve',
            content: (
              <TabBody>
                <BankTransfersSection />
                <PaymentAlertsSection />
              </TabBody>
            ),
          },
          { label: 'Payments', value: 'payments', content: <TabBody><FranchisePaymentsSection actions={(row) => <PaymentRefundAction row={row} />} /></TabBody> },
          { label: 'Wallet movements', value: 'wallet', content: <TabBody><FranchiseLedgerSection /></TabBody> },
        ]}
      />
    </Flex>
  );
}
