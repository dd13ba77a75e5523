import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { BrokerAccount } from '@shared/contracts/broker';
import { formatDateTime } from '@/lib/format/date-time';
import { formatMoney } from '@/lib/format/money';
import type { AccountActionTools } from '../hooks/use-account-action-tools';

/** Funds as the last refresh read them, and a Refresh that reads them again from the broker. */
export function AccountFunds({ account, tools }: { account: BrokerAccount; tools: AccountActionTools }) {
  const isRefreshing = tools.busyAccountId === account.broker_id;
  return (
    <Card variation="outlined" as="section" aria-labelledby="account-funds-heading" className="account-funds">
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Heading level={3} id="account-funds-heading">
            Funds
          </Heading>
          <Button size="small" onClick={() => tools.refresh(account)} isLoading={isRefreshing} loadingText="Refreshing…" isDisabled={isRefreshing}>
            Refresh funds
          </Button>
        </Flex>
        {account.funds ? (
          <dl className="account-facts">
            <div className="account-facts__row">
              <dt>Available</dt>
              <dd data-testid="funds-available">{formatMoney(account.funds.available)}</dd>
            </div>
            <div className="account-facts__row">
              <dt>Used</dt>
              <dd>{formatMoney(account.funds.used)}</dd>
            </div>
            <div className="account-facts__row">
              <dt>Read at</dt>
              <dd>{formatDateTime(account.funds.updated_at)}</dd>
            </div>
          </dl>
        ) : (
          <Text variation="secondary">No funds read yet: press Refresh funds to read them from the broker.</Text>
        )}
      </Flex>
    </Card>
  );
}
