import { Button, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { SubUser } from '@shared/contracts/subusers';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { subUserNameOrEmail } from '@/entities/sub-users/sub-user-name';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSubUserSearch } from '../api/use-static-ip-reads';
import { SubUserIpPanel } from './sub-user-ip-panel';

const SEARCH_DELAY_MS = 300;

/** "Allocate to sub-users" (parents): find a sub-user, then see its IPs and allocate or disallocate one of yours. */
export function SubUserIpsSection() {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const found = useSubUserSearch(settled);
  const [chosen, setChosen] = useState<SubUser | null>(null);

  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="sub-user-ips-heading">
      <Heading level={3} id="sub-user-ips-heading">
        Allocate to sub-users
      </Heading>
      <Text variation="secondary">
        An IP you allocate is the sub-user&apos;s alone until you take it back: your own accounts stop using it.
      </Text>
      <TextField label="Find a sub-user" placeholder="Name, email, mobile or id" value={search} onChange={(event) => setSearch(event.target.value)} />
      {found.isPending ? <LoadingState label="Looking for sub-users…" /> : null}
      {found.isError ? <ErrorState message={found.error.message} onRetry={() => void found.refetch()} /> : null}
      {found.data?.items.length === 0 ? <Text variation="secondary">No sub-user matches.</Text> : null}
      {found.data && found.data.items.length > 0 ? (
        <Flex gap="xs" wrap="wrap" role="group" aria-label="Sub-users">
          {found.data.items.map((subUser) => (
            <Button
              key={subUser.user_id}
              size="small"
              variation={chosen?.user_id === subUser.user_id ? 'primary' : undefined}
              aria-pressed={chosen?.user_id === subUser.user_id}
              onClick={() => setChosen(subUser)}
            >
              {subUserNameOrEmail(subUser)} ({subUser.email})
            </Button>
          ))}
        </Flex>
      ) : null}
      {chosen ? <SubUserIpPanel key={chosen.user_id} subUserId={chosen.user_id} name={subUserNameOrEmail(chosen)} /> : null}
    </Flex>
  );
}
