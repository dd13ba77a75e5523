import { Alert, CheckboxField, Flex, Heading, SearchField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { StrategyPermissionUser } from '@shared/contracts/strategy-permissions';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { OffsetPager } from '@/components/offset-pager';
import { useToast } from '@/components/toast/use-toast';
import { errorText } from '@/lib/error-text';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUpdatePermission } from '../api/use-strategy-actions';
import { PERMISSION_PAGE_SIZE, usePermissionUsers } from '../api/use-strategy-reads';

export const REVOKE_NOTE = 'Revoking a permission ends viewing and new subscriptions; a period already paid for runs to its end.';

/** A PRIVATE strategy's viewers: the franchise's users, searched and paged, each ticked to permit. */
export function PermissionsSection({ groupId }: { groupId: string }) {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const searched = useDebouncedValue(search.trim(), 300);
  const users = usePermissionUsers(groupId, searched, offset);
  const update = useUpdatePermission(groupId);
  const toast = useToast();

  const toggle = (user: StrategyPermissionUser) => {
    const allowed = !user.permitted;
    update.mutate(
      { group_id: groupId, emails: [user.email], allowed },
      { onSuccess: () => toast.success(allowed ? `${user.email} may now see this strategy.` : `${user.email} may no longer see this strategy.`) },
    );
  };

  return (
    <Flex direction="column" gap="small" as="section" aria-label="Permissions">
      <Heading level={4}>Permissions</Heading>
      <Text variation="secondary">This strategy is PRIVATE: only the users ticked here may see it and subscribe. {REVOKE_NOTE}</Text>
      <SearchField
        label="Search users"
        placeholder="Name, email, mobile or id"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setOffset(0);
        }}
        onClear={() => setSearch('')}
      />
      {users.isPending ? <LoadingState label="Loading users…" /> : null}
      {users.isError ? <ErrorState message={users.error.message} onRetry={() => void users.refetch()} /> : null}
      {update.isError ? (
        <Alert variation="error" role="alert">
          {errorText(update.error)}
        </Alert>
      ) : null}
      {users.data && users.data.items.length === 0 ? <Text variation="secondary">No users match.</Text> : null}
      {users.data?.items.map((user) => (
        <CheckboxField
          key={user.user_id}
          name={`permit-${user.user_id}`}
          value="permitted"
          label={`${user.name} (${user.email})`}
          checked={user.permitted}
          disabled={update.isPending}
          onChange={() => toggle(user)}
        />
      ))}
      {users.data ? <OffsetPager offset={offset} pageSize={PERMISSION_PAGE_SIZE} total={users.data.total} onOffset={setOffset} /> : null}
    </Flex>
  );
}
