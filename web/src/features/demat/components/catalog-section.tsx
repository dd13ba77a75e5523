import { Flex, Heading } from '@aws-amplify/ui-react';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { useBrokerCatalog } from '@/entities/broker-accounts/api/use-broker-catalog';
import type { ConnectableCatalogBroker } from '@/entities/broker-accounts/connect-requests';
import { BrokerCatalog } from './broker-catalog';

/** "Add a broker account": the catalog with its loading and error states. */
export function CatalogSection({ onConnect }: { onConnect: (broker: ConnectableCatalogBroker) => void }) {
  const catalog = useBrokerCatalog();
  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="broker-catalog-heading">
      <Heading level={3} id="broker-catalog-heading">
        Add a broker account
      </Heading>
      {catalog.isPending ? <LoadingState label="Loading brokers…" /> : null}
      {catalog.isError ? <ErrorState message={catalog.error.message} onRetry={() => void catalog.refetch()} /> : null}
      {catalog.data ? <BrokerCatalog catalog={catalog.data} onConnect={onConnect} /> : null}
    </Flex>
  );
}
