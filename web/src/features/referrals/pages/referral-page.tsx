import { Flex, Heading } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { useReferralData } from '../api/use-referral-reads';
import { CashoutDialog } from '../components/cashout-dialog';
import { CashoutHistorySection } from '../components/cashout-history-section';
import { CashoutRequestsSection } from '../components/cashout-requests-section';
import { EarningsSection } from '../components/earnings-section';
import { ReferralLinkCard } from '../components/referral-link-card';
import { ReferredUsersSection } from '../components/referred-users-section';
import { TotalsCard } from '../components/totals-card';
import '../referral.css';

/** /referral (spec §2): the caller's link and code, totals, referred users, earnings, cash-outs; the broker panel also decides withdrawals. */
export function ReferralPage() {
  const data = useReferralData();
  const profile = useUserProfile();
  const [cashingOut, setCashingOut] = useState(false);
  return (
    <Flex direction="column" gap="large" className="referral-page">
      <Heading level={2}>Referral</Heading>
      {data.isPending ? <LoadingState label="Loading your referrals…" /> : null}
      {data.isError ? <ErrorState message={data.error.message} onRetry={() => void data.refetch()} /> : null}
      {data.isSuccess ? (
        <div className="referral-page__top">
          <ReferralLinkCard code={data.data.referral_code} link={data.data.referral_link} percent={data.data.percent} />
          <TotalsCard totals={data.data.totals} onCashOut={() => setCashingOut(true)} />
        </div>
      ) : null}
      <ReferredUsersSection />
      <EarningsSection />
      <CashoutHistorySection />
      {profile.data?.is_brokerpanel ? <CashoutRequestsSection /> : null}
      {cashingOut && data.isSuccess ? <CashoutDialog balancePaise={data.data.totals.balance_paise} onClose={() => setCashingOut(false)} /> : null}
    </Flex>
  );
}
