import { Card, Flex, Heading, Tabs, Text } from '@aws-amplify/ui-react';
import type * as z from 'zod';
import type { activeReferralSchema } from '@shared/contracts/referrals';
import type { referredUserSchema } from '@shared/contracts/subuser-views';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatDateTime, formatDisplayDate } from '@/lib/format/date-time';
import { useActiveReferrals, useAllReferrals } from '../api/use-referral-reads';
import { paiseText } from '../money-text';

type Referred = z.infer<typeof referredUserSchema>;
type Active = z.infer<typeof activeReferralSchema>;

const BASE_COLUMNS: readonly TableColumn<Referred>[] = [
  { header: 'Name', key: 'name', card: 'title', cell: (user) => user.name },
  { header: 'Email', key: 'email', wrap: true, priority: 'medium', cell: (user) => user.email },
  { header: 'Joined', key: 'joined', cell: (user) => formatDisplayDate(user.joined_at) },
  { header: 'You earned', key: 'earned', numeric: true, card: 'lead', cell: (user) => paiseText(user.earned_paise) },
];

/** Why a referred user counts as active, in words. */
export function activeReasonText(user: Active): string {
  if (user.active_because === 'recent_payment') return `Paid on ${user.last_payment_at ? formatDateTime(user.last_payment_at) : 'a recent day'}`;
  return `Paid subscription until ${user.subscription_expires_at ? formatDisplayDate(user.subscription_expires_at) : 'later'}`;
}

const ACTIVE_COLUMNS: readonly TableColumn<Active>[] = [...BASE_COLUMNS, { header: 'Active because', key: 'because', wrap: true, cell: activeReasonText }];

function AllTab() {
  const query = useAllReferrals();
  if (query.isPending) return <LoadingState label="Loading the people you referred…" />;
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return <Text variation="secondary">Nobody has registered with your code yet.</Text>;
  return <ColumnTable className="referral-table" caption="People you referred" columns={BASE_COLUMNS} rows={query.data.items} rowKey={(user) => String(user.user_id)} rowName={(user) => user.name} />;
}

function ActiveTab() {
  const query = useActiveReferrals();
  if (query.isPending) return <LoadingState label="Loading your active referrals…" />;
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return <Text variation="secondary">None of the people you referred paid in the last 30 days or holds a paid subscription.</Text>;
  return <ColumnTable className="referral-table" caption="Active referrals" columns={ACTIVE_COLUMNS} rows={query.data.items} rowKey={(user) => String(user.user_id)} rowName={(user) => user.name} />;
}

/** The people the caller referred: all of them, or the active ones (a payment in 30 days, or a paid subscription). */
export function ReferredUsersSection() {
  return (
    <Card as="section" variation="outlined" aria-label="Referred users">
      <Flex direction="column" gap="medium">
        <Heading level={3}>Referred users</Heading>
        <Tabs
          isLazy
          defaultValue="all"
          items={[
            { label: 'All', value: 'all', content: <AllTab /> },
            { label: 'Active', value: 'active', content: <ActiveTab /> },
          ]}
        />
      </Flex>
    </Card>
  );
}
