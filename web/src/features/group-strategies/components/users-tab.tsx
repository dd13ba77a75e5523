import { Button, Flex, Text, ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@shared/contracts/strategy-subscriptions';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { formatCount } from '@/lib/format/number';
import { useStrategyUsers } from '../api/use-strategy-reads';
import { AddSubscriberDialog } from './add-subscriber-dialog';
import { EndSubscriptionDialog } from './end-subscription-dialog';
import { SubscribersTable } from './subscribers-table';

const ALL = 'All';
type UsersFilter = SubscriptionStatus | typeof ALL;
const FILTERS: readonly UsersFilter[] = [...SUBSCRIPTION_STATUSES, ALL];
const isFilter = (value: unknown): value is UsersFilter => FILTERS.some((filter) => filter === value);

const EMPTY_TEXT: Readonly<Record<UsersFilter, string>> = {
  Active: 'Nobody follows this strategy now.',
  Expired: 'No subscription to this strategy has ended yet.',
  All: 'Nobody has subscribed to this strategy yet.',
};

/**
 * The USERS tab: who subscribed (Active, Expired or all), on which plan, account and multiplier, from
 * when until when; the owner may add its own sub-users (free) and Not Subscribe them. Above it, the
 * strategy's counters.
 */
export function UsersTab({ groupId }: { groupId: string }) {
  const [filter, setFilter] = useState<UsersFilter>('Active');
  const users = useStrategyUsers(groupId, filter === ALL ? null : filter);
  const dialogs = useDialogSlot();
  const data = users.data;
  return (
    <Flex direction="column" gap="medium" paddingTop="medium">
      <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
        {data ? (
          <Flex as="dl" gap="large" margin="0" aria-label="Subscription counters">
            <Counter label="Subscriptions taken" value={data.strategy_subscriptions_count} />
            <Counter label="Following now" value={data.sub_user_count} />
          </Flex>
        ) : (
          <span />
        )}
        <Flex alignItems="center" gap="small" wrap="wrap">
          <ToggleButtonGroup
            size="small"
            value={filter}
            isExclusive
            isSelectionRequired
            aria-label="Show subscriptions"
            onChange={(value) => {
              const chosen = Array.isArray(value) ? value[0] : value;
              if (isFilter(chosen)) setFilter(chosen);
            }}
          >
            {FILTERS.map((option) => (
              <ToggleButton key={option} value={option}>
                {option}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Button size="small" variation="primary" onClick={() => dialogs.open(<AddSubscriberDialog groupId={groupId} onClose={dialogs.close} />)}>
            Add a sub-user
          </Button>
        </Flex>
      </Flex>
      {users.isPending ? <LoadingState label="Loading subscribers…" /> : null}
      {users.isError ? <ErrorState message={users.error.message} onRetry={() => void users.refetch()} /> : null}
      {data && data.items.length === 0 ? <Text variation="secondary">{EMPTY_TEXT[filter]}</Text> : null}
      {data && data.items.length > 0 ? (
        <SubscribersTable rows={data.items} onEnd={(row) => dialogs.open(<EndSubscriptionDialog groupId={groupId} subscriber={row} onClose={dialogs.close} />)} />
      ) : null}
      {dialogs.dialog}
    </Flex>
  );
}

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <Flex direction="column" gap="0">
      <Text as="dt" variation="secondary" fontSize="small">
        {label}
      </Text>
      <Text as="dd" margin="0" fontSize="large" fontWeight="semibold">
        {formatCount(value)}
      </Text>
    </Flex>
  );
}
