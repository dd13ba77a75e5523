import { Alert, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BrokerAccount } from '@shared/contracts/broker';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { paths } from '@/config/paths';
import { ConnectBrokerForm } from '@/entities/broker-accounts/components/connect-broker-form';
import type { ConnectableCatalogBroker } from '@/entities/broker-accounts/connect-requests';
import { useConnectSubUserBroker } from '../api/use-connect-sub-user-broker';
import { useSubUserInfo } from '../api/use-sub-users';
import { subUserName } from '@/entities/sub-users/sub-user-name';
import { subUserLabel } from '../sub-user-words';

interface ConnectForSubUserProps {
  broker: ConnectableCatalogBroker;
  subUserId: number;
}

/**
 * Connects an account of one broker for one sub-user: says whose account it will be, offers the
 * broker's credential form only while the sub-user's demat permission is on, then shows the connected
 * account (a redirect broker opens its login page instead).
 */
export function ConnectForSubUser({ broker, subUserId }: ConnectForSubUserProps) {
  const info = useSubUserInfo(subUserId);
  const connect = useConnectSubUserBroker(subUserId);
  const [connected, setConnected] = useState<BrokerAccount | null>(null);

  if (info.isPending) return <LoadingState label="Loading the user…" />;
  if (info.isError) return <ErrorState message={info.error.message} onRetry={() => void info.refetch()} />;
  const user = info.data.sub_user;
  const name = subUserName(user);

  if (connected) {
    return (
      <Flex direction="column" gap="small">
        <Alert variation="success" role="status">
          {connected.broker_combined_name} is connected for {name}. It is {name}&apos;s account and shows on their Demat page.
        </Alert>
        <Link to={paths.users}>Back to users</Link>
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="medium">
      <Text>
        The account will belong to <strong>{subUserLabel(user)}</strong>, {user.email}. They have {info.data.broker_account_count}{' '}
        {info.data.broker_account_count === 1 ? 'broker account' : 'broker accounts'} now.
      </Text>
      {user.demat_allowed ? (
        <ConnectBrokerForm
          broker={broker}
          isSubmitting={connect.isPending}
          error={connect.error}
          onSubmit={(connection) =>
            connect.mutate(connection, {
              onSuccess: ({ account, login_url }) => {
                if (login_url) window.location.assign(login_url);
                else setConnected(account);
              },
            })
          }
        />
      ) : (
        <Alert variation="warning" role="status">
          Demat is not allowed for {name}, so no broker account can be connected for them. Turn on their Demat switch on the users page first.
        </Alert>
      )}
      <Link to={paths.users}>Back to users</Link>
    </Flex>
  );
}
