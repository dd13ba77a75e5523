import { Alert, Flex, Heading, Tabs } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { useSubUserInfo } from '../api/use-sub-users';
import { ActivityTab } from './activity-tab';
import { CreditDebitDialog } from './credit-debit-dialog';
import { OrdersTab } from './orders-tab';
import { ReferralsTab } from './referrals-tab';
import { StrategyTab } from './strategy-tab';
import { SubUserHeader } from './sub-user-header';
import { WalletTab } from './wallet-tab';

/** Spec §2: the five tabs of a user's details, in this order; `?tab=` keeps the open one across a reload. */
const TABS = [
  { value: 'strategy', label: 'Strategy', body: (id: number) => <StrategyTab subUserId={id} /> },
  { value: 'wallet', label: 'Wallet', body: (id: number) => <WalletTab subUserId={id} /> },
  { value: 'orders', label: 'Orders', body: (id: number) => <OrdersTab subUserId={id} /> },
  { value: 'referrals', label: 'Referrals', body: (id: number) => <ReferralsTab subUserId={id} /> },
  { value: 'activity', label: 'Activity Logs', body: (id: number) => <ActivityTab subUserId={id} /> },
] as const;

const TabBody = ({ children }: { children: ReactNode }) => (
  <Flex direction="column" gap="large" paddingTop="medium">
    {children}
  </Flex>
);

/** The id in /user/:sub_user_id, or null when it is not a user id. */
function subUserIdOf(text: string | undefined): number | null {
  return text && /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;
}

/**
 * /user/{sub_user_id}: one user the caller manages (ADR 0013: open to every parent) — who it is, its balance and
 * permissions, moving credit to or from it, and its strategies, wallet, orders, referrals and activity.
 * Only the open tab is loaded.
 */
export function SubUserPage() {
  const subUserId = subUserIdOf(useParams().sub_user_id);
  const info = useSubUserInfo(subUserId);
  const profile = useUserProfile();
  const dialogs = useDialogSlot();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((one) => one.value === params.get('tab')) ?? TABS[0];

  const frame = (children: ReactNode) => (
    <Flex direction="column" gap="large" className="sub-user-page">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={2}>User details</Heading>
        <Link to={paths.users}>Back to users</Link>
      </Flex>
      {children}
    </Flex>
  );
  if (subUserId === null) {
    return frame(
      <Alert variation="error" role="alert">
        This address does not name a user.
      </Alert>,
    );
  }
  if (info.isPending) return frame(<LoadingState label="Loading the user…" />);
  if (info.isError) return frame(<ErrorState message={info.error.message} onRetry={() => void info.refetch()} />);
  const user = info.data.sub_user;
  const openCreditDebit = () => dialogs.open(<CreditDebitDialog user={user} isBrokerPanel={profile.data?.is_brokerpanel ?? false} onClose={dialogs.close} />);

  return frame(
    <>
      <SubUserHeader user={user} onCreditDebit={openCreditDebit} />
      <Tabs
        isLazy
        value={tab.value}
        onValueChange={(next) => setParams(next === TABS[0].value ? {} : { tab: next }, { replace: true })}
        items={TABS.map((one) => ({ label: one.label, value: one.value, content: <TabBody>{one.body(user.user_id)}</TabBody> }))}
      />
      {dialogs.dialog}
    </>,
  );
}
