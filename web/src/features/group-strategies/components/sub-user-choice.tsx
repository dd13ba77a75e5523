import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent } from 'react';
import type { SubUser } from '@shared/contracts/subusers';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { subUserNameOrEmail } from '@/entities/sub-users/sub-user-name';
import { formatCount } from '@/lib/format/number';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSubUserMatches } from '../api/use-add-subscriber';

const SEARCH_DELAY_MS = 300;

interface SubUserChoiceProps {
  chosen: SubUser | null;
  onChoose: (subUser: SubUser) => void;
  isDisabled: boolean;
}

/** Finds one of the owner's sub-users by name, email, mobile or id, and marks the one chosen. */
export function SubUserChoice({ chosen, onChoose, isDisabled }: SubUserChoiceProps) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = useSubUserMatches(settled);
  const items = found.data?.items ?? [];
  return (
    <Flex direction="column" gap="small">
      <TextField
        label="Find a sub-user"
        placeholder="Name, email, mobile or id"
        value={search}
        maxLength={100}
        isDisabled={isDisabled}
        onChange={(event: ChangeEvent<HTMLInputElement>) => setSearch(event.target.value)}
      />
      {found.isPending ? <LoadingState label="Looking for sub-users…" /> : null}
      {found.isError ? <ErrorState message={found.error.message} onRetry={() => void found.refetch()} /> : null}
      {found.isSuccess && items.length === 0 ? <Text variation="secondary">No sub-user matches this search.</Text> : null}
      {items.length > 0 ? (
        <Flex gap="xs" wrap="wrap" role="group" aria-label="Sub-users">
          {items.map((subUser) => (
            <Button
              key={subUser.user_id}
              size="small"
              variation={chosen?.user_id === subUser.user_id ? 'primary' : undefined}
              aria-pressed={chosen?.user_id === subUser.user_id}
              isDisabled={isDisabled}
              onClick={() => onChoose(subUser)}
            >
              {subUserNameOrEmail(subUser)} ({subUser.email})
            </Button>
          ))}
        </Flex>
      ) : null}
      {found.data && found.data.total > items.length ? (
        <Text variation="secondary" fontSize="small">
          Showing {items.length} of {formatCount(found.data.total)}; search to narrow the list.
        </Text>
      ) : null}
    </Flex>
  );
}
