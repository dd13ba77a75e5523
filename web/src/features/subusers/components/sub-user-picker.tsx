import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useSubUsers } from '../api/use-sub-users';
import { subUserLabel } from '../sub-user-words';

const PICKER_SIZE = 10;

/** Finds one of the caller's sub-users by name, email, mobile or id; each result links to `?sub_user_id=`. */
export function SubUserPicker({ linkFor }: { linkFor: (subUserId: number) => string }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const users = useSubUsers({ ...(search ? { search } : {}), status: 'all', offset: 0, limit: PICKER_SIZE });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(text.trim());
  };
  return (
    <Flex direction="column" gap="small">
      <Text>Choose the user the account is for.</Text>
      <form onSubmit={submit} role="search" aria-label="Find a user">
        <Flex gap="small" alignItems="flex-end" wrap="wrap">
          <TextField
            label="Search users"
            placeholder="Name, email, mobile or id"
            value={text}
            maxLength={100}
            onChange={(event: ChangeEvent<HTMLInputElement>) => setText(event.target.value)}
          />
          <Button type="submit">Search</Button>
        </Flex>
      </form>
      {users.isPending ? <LoadingState label="Loading users…" /> : null}
      {users.isError ? <ErrorState message={users.error.message} onRetry={() => void users.refetch()} /> : null}
      {users.data && users.data.items.length === 0 ? <Text variation="secondary">No users match this search.</Text> : null}
      {users.data && users.data.items.length > 0 ? (
        <ul aria-label="Users">
          {users.data.items.map((user) => (
            <li key={user.user_id}>
              <Link to={linkFor(user.user_id)}>{subUserLabel(user)}</Link> <Text as="span" variation="secondary">{user.email}</Text>
            </li>
          ))}
        </ul>
      ) : null}
      {users.data && users.data.total > users.data.items.length ? (
        <Text variation="secondary" fontSize="small">
          Showing the first {users.data.items.length} of {users.data.total.toLocaleString('en-IN')}; search to narrow the list.
        </Text>
      ) : null}
    </Flex>
  );
}
