import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { SubUser } from '@shared/contracts/subusers';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { OffsetPager } from '@/components/offset-pager';
import { useDialogSlot } from '@/components/use-dialog-slot';
import { useUserProfile } from '@/entities/profile/api/use-user-profile';
import { SUB_USERS_PAGE_SIZE, useSubUsers } from '../api/use-sub-users';
import { BulkMailButton } from '../bulk-mail/bulk-mail-button';
import { AddUserDialog } from '../components/add-user-dialog';
import { BulkFlagButtons } from '../components/bulk-flag-buttons';
import { ChooseBrokerDialog } from '../components/choose-broker-dialog';
import { ReferralPercentDialog } from '../components/referral-percent-dialog';
import { UsersFilters, type StatusFilter } from '../components/users-filters';
import { UsersTable, type UsersTableTools } from '../components/users-table';
import { usersPageTitle } from '../sub-user-words';

/**
 * /user (spec §2): "User" for the broker panel (every user of the franchise), "Link User" for another
 * parent (the users it added). Search and status filter, a page of users with their permissions as
 * switches, actions for the ticked users (or all), adding a user and mailing them.
 */
export function UsersPage() {
  const profile = useUserProfile();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const dialogs = useDialogSlot();
  const users = useSubUsers({ ...(search ? { search } : {}), status, offset, limit: SUB_USERS_PAGE_SIZE });
  const data = users.data;
  const total = data?.total ?? 0;

  // A new search or status starts again at the first page with nothing ticked.
  const refilter = (apply: () => void) => {
    apply();
    setOffset(0);
    setSelected(new Set());
  };
  const tools: UsersTableTools = {
    selectedIds: selected,
    onToggle: (subUserId, isSelected) =>
      setSelected((current) => {
        const next = new Set(current);
        if (isSelected) next.add(subUserId);
        else next.delete(subUserId);
        return next;
      }),
    onEditPercent: (user: SubUser) => dialogs.open(<ReferralPercentDialog user={user} onClose={dialogs.close} />),
    onConnectBroker: (user: SubUser) => dialogs.open(<ChooseBrokerDialog user={user} onClose={dialogs.close} />),
  };
  const pageIds = data?.items.map((user) => user.user_id) ?? [];
  const selectedIds = [...selected];

  return (
    <Flex direction="column" gap="large" className="users-page">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Heading level={2}>{usersPageTitle(profile.data?.is_brokerpanel ?? false)}</Heading>
        <Flex gap="small" wrap="wrap">
          <BulkMailButton selectedIds={selectedIds} total={total} />
          <Button variation="primary" onClick={() => dialogs.open(<AddUserDialog onClose={dialogs.close} />)}>
            Add user
          </Button>
        </Flex>
      </Flex>
      <Card as="section" variation="outlined" aria-label="Users">
        <Flex direction="column" gap="medium">
          <UsersFilters status={status} onSearch={(next) => refilter(() => setSearch(next))} onStatus={(next) => refilter(() => setStatus(next))} />
          <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
            <Text variation="secondary" fontSize="small" data-testid="users-selection">
              {selected.size > 0 ? `${selected.size.toLocaleString('en-IN')} selected` : 'None selected: actions apply to all users'}
            </Text>
            <Flex gap="xs" wrap="wrap">
              <Button size="small" variation="link" isDisabled={pageIds.length === 0} onClick={() => setSelected(new Set([...selected, ...pageIds]))}>
                Select this page
              </Button>
              <Button size="small" variation="link" isDisabled={selected.size === 0} onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            </Flex>
          </Flex>
          <BulkFlagButtons selectedIds={selectedIds} total={total} onDone={() => setSelected(new Set())} />
          {users.isPending ? <LoadingState label="Loading users…" /> : null}
          {users.isError ? <ErrorState message={users.error.message} onRetry={() => void users.refetch()} /> : null}
          {data && data.total === 0 ? (
            <Text variation="secondary">{search || status !== 'all' ? 'No users match this search.' : 'No users yet. Add one with "Add user".'}</Text>
          ) : null}
          {data && data.items.length > 0 ? (
            <>
              <Text variation="secondary" fontSize="small">
                {data.total.toLocaleString('en-IN')} {data.total === 1 ? 'user' : 'users'}
              </Text>
              <UsersTable users={data.items} tools={tools} />
              <OffsetPager offset={offset} pageSize={SUB_USERS_PAGE_SIZE} total={data.total} onOffset={setOffset} />
            </>
          ) : null}
        </Flex>
      </Card>
      {dialogs.dialog}
    </Flex>
  );
}
