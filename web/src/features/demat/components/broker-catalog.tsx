import { Badge, Button, Card, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import type { CatalogBroker } from '@shared/contracts/broker';
import { isConnectableEntry, type ConnectableCatalogBroker } from '@/entities/broker-accounts/connect-requests';
import { LOGIN_FLOW_HINTS } from '@/entities/broker-accounts/login-flows';

interface BrokerCatalogProps {
  catalog: readonly CatalogBroker[];
  onConnect: (broker: ConnectableCatalogBroker) => void;
}

/** The brokers a user can add (spec §3 Broker): paper and the real ones, the not-yet-available marked coming soon. */
export function BrokerCatalog({ catalog, onConnect }: BrokerCatalogProps) {
  return (
    <Grid className="broker-catalog" gap="small">
      {catalog.map((entry) => (
        <Card key={entry.broker} as="article" variation="outlined" className="broker-catalog__card" aria-label={entry.broker_combined_name}>
          <Flex direction="column" gap="xs" height="100%">
            <Heading level={4}>{entry.broker_combined_name}</Heading>
            <Text variation="secondary" fontSize="small" className="broker-catalog__hint">
              {entry.coming_soon ? 'Connecting this broker arrives with a later release.' : LOGIN_FLOW_HINTS[entry.login_flow]}
            </Text>
            <ConnectControl entry={entry} onConnect={onConnect} />
          </Flex>
        </Card>
      ))}
    </Grid>
  );
}

function ConnectControl({ entry, onConnect }: { entry: CatalogBroker; onConnect: (broker: ConnectableCatalogBroker) => void }) {
  if (!isConnectableEntry(entry)) {
    return (
      <Badge size="small" variation="warning" alignSelf="flex-start">
        Coming soon
      </Badge>
    );
  }
  return (
    <Button size="small" variation="primary" alignSelf="flex-start" aria-label={`Connect ${entry.broker_combined_name}`} onClick={() => onConnect(entry)}>
      Connect
    </Button>
  );
}
