import { Flex, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { SubUser } from '@shared/contracts/subusers';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { ModalDialog } from '@/components/modal-dialog';
import { useBrokerCatalog } from '@/entities/broker-accounts/api/use-broker-catalog';
import { isConnectableEntry } from '@/entities/broker-accounts/connect-requests';
import { userDematLink } from '../sub-user-links';
import { subUserName } from '@/entities/sub-users/sub-user-name';

/** The brokers the franchise offers, each a link to the page that connects an account of it for the sub-user. */
export function ChooseBrokerDialog({ user, onClose }: { user: SubUser; onClose: () => void }) {
  const catalog = useBrokerCatalog();
  const brokers = (catalog.data ?? []).filter(isConnectableEntry);
  return (
    <ModalDialog title={`Connect a broker for ${subUserName(user)}`} onClose={onClose}>
      <Flex direction="column" gap="small">
        {!user.demat_allowed ? (
          <Text variation="warning">Demat is not allowed for {subUserName(user)}. Turn the Demat switch on first.</Text>
        ) : null}
        {catalog.isPending ? <LoadingState label="Loading brokers…" /> : null}
        {catalog.isError ? <ErrorState message={catalog.error.message} onRetry={() => void catalog.refetch()} /> : null}
        {catalog.isSuccess && brokers.length === 0 ? <Text variation="secondary">No broker can be connected right now.</Text> : null}
        {user.demat_allowed ? (
          <ul aria-label="Brokers">
            {brokers.map((broker) => (
              <li key={broker.broker}>
                <Link to={userDematLink(broker.broker, user.user_id)}>
                  {broker.broker_combined_name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </Flex>
    </ModalDialog>
  );
}
