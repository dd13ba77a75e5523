import { Flex, Text } from '@aws-amplify/ui-react';
import type { z } from 'zod';
import type { referredUserSchema } from '@shared/contracts/subuser-views';
import { ColumnTable, type TableColumn } from '@/components/column-table';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { formatDisplayDate } from '@/lib/format/date-time';
import { formatMoneyExact } from '@/lib/format/money';
import { useSubUserReferrals } from '../api/use-sub-user-views';

type ReferredUser = z.infer<typeof referredUserSchema>;

const rupees = (paise: number) => formatMoneyExact(paise / 100);

const COLUMNS: readonly TableColumn<ReferredUser>[] = [
  { header: 'Name', key: 'name', card: 'title', cell: (user) => `${user.name} (#${user.user_id})` },
  { header: 'Email', key: 'email', wrap: true, cell: (user) => user.email },
  { header: 'Joined', key: 'joined', priority: 'medium', cell: (user) => formatDisplayDate(user.joined_at) },
  { header: 'Earned', key: 'earned', numeric: true, card: 'lead', cell: (user) => rupees(user.earned_paise) },
];

/** The Referrals tab: the users the sub-user referred, what it earned from each, and its earnings balance. */
export function ReferralsTab({ subUserId }: { subUserId: number }) {
  const referrals = useSubUserReferrals(subUserId);
  if (referrals.isPending) return <LoadingState label="Loading the referrals…" />;
  if (referrals.isError) return <ErrorState message={referrals.error.message} onRetry={() => void referrals.refetch()} />;
  const { items, earnings_balance_paise: balance } = referrals.data;
  return (
    <Flex direction="column" gap="medium">
      <Text>
        Referral earnings balance: <strong>{rupees(balance)}</strong>
      </Text>
      {items.length === 0 ? (
        <Text variation="secondary">This user has not referred anyone yet.</Text>
      ) : (
        <ColumnTable
          className="sub-user-referrals-table"
          caption="Referred users and what each earned"
          highlightOnHover
          columns={COLUMNS}
          rows={items}
          rowKey={(user) => String(user.user_id)}
          rowName={(user) => `${user.name} ${rupees(user.earned_paise)}`}
        />
      )}
    </Flex>
  );
}
