import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import type { BrokerAccount } from '@shared/contracts/broker';
import type { BrokerStatus } from '@shared/domain/states';
import type { AccountActionTools } from '../hooks/use-account-action-tools';

/** Why an account that is not connected shows no positions, per status (a connected one never shows this). */
const NOT_CONNECTED_TEXT: Readonly<Record<BrokerStatus, string>> = {
  available: 'This account has not logged in with its broker yet.',
  connected: '',
  expired: "This account's broker session has ended (brokers end sessions daily).",
  deleted: 'This account was removed.',
};

/** Positions and orders need a live broker session: say why there are none, and offer to log in again. */
export function AccountNotConnected({ account, tools }: { account: BrokerAccount; tools: AccountActionTools }) {
  const canReconnect = account.status === 'expired' || account.status === 'available';
  return (
    <Alert variation="warning" heading="Not connected" className="account-not-connected">
      <Flex direction="column" gap="small" alignItems="flex-start">
        <Text>
          {NOT_CONNECTED_TEXT[account.status]} Positions, the order book and new orders need a live session with the broker
          {canReconnect ? ': reconnect to start one.' : '.'}
        </Text>
        {canReconnect ? (
          <Button
            size="small"
            variation="primary"
            onClick={() => tools.reconnect(account)}
            isLoading={tools.busyAccountId === account.broker_id}
            loadingText="Reconnecting…"
          >
            Reconnect
          </Button>
        ) : null}
      </Flex>
    </Alert>
  );
}
