import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { useBrokerCatalog } from '@/entities/broker-accounts/api/use-broker-catalog';
import { isConnectableEntry } from '@/entities/broker-accounts/connect-requests';
import { ConnectForSubUser } from '../components/connect-for-sub-user';
import { SubUserPicker } from '../components/sub-user-picker';
import { userDematLink } from '../sub-user-links';

/** `?sub_user_id=12` as a positive id; null when it is missing or not an id. */
function subUserIdOf(search: URLSearchParams): number | null {
  const text = search.get('sub_user_id');
  if (!text || !/^\d{1,12}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/**
 * /user/demat/{broker_id}?sub_user_id={id} (spec §2): a parent connects an account of one broker on a
 * sub-user's behalf. Without a sub-user in the address it first asks which one.
 */
export function UserDematPage() {
  const brokerId = useParams().broker_id ?? '';
  const [search] = useSearchParams();
  const subUserId = subUserIdOf(search);
  const catalog = useBrokerCatalog();
  const broker = catalog.data?.filter(isConnectableEntry).find((entry) => entry.broker === brokerId);

  return (
    <Flex direction="column" gap="large" className="user-demat-page">
      <Heading level={2}>{broker ? `Connect ${broker.broker_combined_name} for a user` : 'Connect a broker for a user'}</Heading>
      <Card as="section" variation="outlined" aria-label="Connect a broker account">
        {catalog.isPending ? <LoadingState label="Loading brokers…" /> : null}
        {catalog.isError ? <ErrorState message={catalog.error.message} onRetry={() => void catalog.refetch()} /> : null}
        {catalog.isSuccess && !broker ? (
          <Flex direction="column" gap="small">
            <Text>This broker cannot be connected here. Choose a broker from the users page.</Text>
            <Link to={paths.users}>Back to users</Link>
          </Flex>
        ) : null}
        {broker && subUserId === null ? <SubUserPicker linkFor={(id) => userDematLink(broker.broker, id)} /> : null}
        {broker && subUserId !== null ? <ConnectForSubUser key={`${broker.broker}-${subUserId}`} broker={broker} subUserId={subUserId} /> : null}
      </Card>
    </Flex>
  );
}
